import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport, PUBLIC_SERVER } from '../../test-support/fake-transport'
import { ServersScreen } from './servers-screen'

const ONLINE = () => ({ ok: true, value: { state: 'online', version: '1.3.16' } })
const UNREACHABLE = () => ({
  ok: true,
  value: {
    state: 'offline',
    message: 'Could not look up does-not-exist.invalid: check the address and your connection.',
  },
})

function renderServers(
  addResult: () => unknown = () => ({
    ok: true,
    value: { ...PUBLIC_SERVER, id: 'new', builtIn: false },
  }),
  probeResult: () => unknown = ONLINE,
) {
  const fake = createFakeTransport({
    'servers.list': () => ({
      ok: true,
      value: { servers: [PUBLIC_SERVER], activeServerId: 'nomad-public' },
    }),
    'app.status': () => ({
      ok: true,
      value: {
        activeServerId: 'nomad-public',
        servers: { 'nomad-public': { state: 'online', version: '1.3.16' } },
      },
    }),
    'servers.add': addResult as () => never,
    'servers.probe': probeResult as () => never,
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <ServersScreen />
    </AppProviders>,
  )
  return fake
}

async function openAddForm() {
  const user = userEvent.setup()
  await user.click(await screen.findByTestId('add-server'))
  await screen.findByTestId('server-name-input')
  return user
}

describe('Servers screen', () => {
  it('lists the built-in server with its state and offers to add one', async () => {
    renderServers()
    expect(await screen.findByText('NOMAD (public)')).toBeInTheDocument()
    expect(await screen.findByText(/Online · NOMAD 1\.3\.16/)).toBeInTheDocument()
    expect(screen.queryByTestId('edit-server')).toBeNull()
    expect(screen.queryByTestId('remove-server-button')).toBeNull()
    expect(screen.getByTestId('builtin-lock')).toBeInTheDocument()
    expect(screen.getByTestId('servers-empty')).toHaveTextContent('Add your own NOMAD Oasis')
  })

  it('explains a bad address inline and does not send it', async () => {
    const fake = renderServers()
    const user = await openAddForm()
    await user.type(screen.getByTestId('server-name-input'), 'Lab')
    await user.type(screen.getByTestId('server-url-input'), 'http://oasis.example.org/api/v1')
    await user.click(screen.getByTestId('server-form-submit'))
    expect(
      await screen.findByText(
        'Plain http is only allowed for this computer (127.0.0.1, localhost); use https for oasis.example.org.',
      ),
    ).toBeInTheDocument()
    expect(fake.calls.some((c) => c.channel === 'servers.add')).toBe(false)
  })

  it('sends a valid server and shows a refusal from the host on the right field', async () => {
    const fake = renderServers(() => ({
      ok: false,
      error: {
        code: 'conflict',
        message: 'A server profile named “Lab” already exists.',
        details: { path: ['name'] },
      },
    }))
    const user = await openAddForm()
    await user.type(screen.getByTestId('server-name-input'), 'Lab')
    await user.type(screen.getByTestId('server-url-input'), 'https://oasis.example.org/api/v1')
    await user.type(screen.getByTestId('server-note-input'), 'group data')
    await user.click(screen.getByTestId('server-form-submit'))
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'servers.add')?.input).toEqual({
        name: 'Lab',
        baseUrl: 'https://oasis.example.org/api/v1',
        note: 'group data',
      }),
    )
    expect(
      await screen.findByText('A server profile named “Lab” already exists.'),
    ).toBeInTheDocument()
    expect(screen.getByTestId('server-name-input')).toHaveAttribute('aria-invalid', 'true')
  })

  it('checks the address before saving and saves at once when the server answers', async () => {
    const fake = renderServers()
    const user = await openAddForm()
    await user.type(screen.getByTestId('server-name-input'), 'Lab')
    await user.type(screen.getByTestId('server-url-input'), 'https://oasis.example.org/api/v1')
    await user.click(screen.getByTestId('server-form-submit'))
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'servers.add')).toBe(true))
    const channels = fake.calls.map((c) => c.channel)
    expect(channels.indexOf('servers.probe')).toBeLessThan(channels.indexOf('servers.add'))
    expect(fake.calls.find((c) => c.channel === 'servers.probe')?.input).toEqual({
      baseUrl: 'https://oasis.example.org/api/v1',
    })
    expect(screen.queryByTestId('server-unreachable')).toBeNull()
  })

  it('does not save an address that does not answer; says why and offers Save anyway', async () => {
    const fake = renderServers(undefined, UNREACHABLE)
    const user = await openAddForm()
    await user.type(screen.getByTestId('server-name-input'), 'Lab')
    await user.type(screen.getByTestId('server-url-input'), 'https://does-not-exist.invalid/api/v1')
    await user.click(screen.getByTestId('server-form-submit'))
    const notice = await screen.findByTestId('server-unreachable')
    expect(notice).toHaveTextContent('Could not look up does-not-exist.invalid')
    expect(fake.calls.some((c) => c.channel === 'servers.add')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Save anyway' }))
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'servers.add')?.input).toEqual({
        name: 'Lab',
        baseUrl: 'https://does-not-exist.invalid/api/v1',
        note: '',
      }),
    )
  })

  it('forgets the failed check when the address is edited', async () => {
    renderServers(undefined, UNREACHABLE)
    const user = await openAddForm()
    await user.type(screen.getByTestId('server-name-input'), 'Lab')
    await user.type(screen.getByTestId('server-url-input'), 'https://does-not-exist.invalid/api/v1')
    await user.click(screen.getByTestId('server-form-submit'))
    await screen.findByTestId('server-unreachable')
    await user.type(screen.getByTestId('server-url-input'), 'x')
    expect(screen.queryByTestId('server-unreachable')).toBeNull()
  })
})
