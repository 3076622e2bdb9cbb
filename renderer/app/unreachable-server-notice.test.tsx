import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { ServerStatus } from '../../shared/ipc/models/server-profile'
import { createIpcClient } from '../ipc/client'
import { createFakeTransport, PUBLIC_SERVER } from '../test-support/fake-transport'
import { LiveUpdates } from './live-updates'
import { AppProviders } from './providers'
import { UnreachableServerNotice } from './unreachable-server-notice'

const SANDBOX = {
  id: 'local-sandbox',
  name: 'Local sandbox',
  baseUrl: 'http://127.0.0.1:1/api/v1',
  note: '',
  kind: 'sandbox' as const,
  builtIn: true,
}
const OFFLINE: ServerStatus = {
  state: 'offline',
  message: 'Could not look up nomad-lab.eu (DNS). Check the address or your internet connection.',
  checkedAt: 1,
}
const statusOf = (publicStatus: ServerStatus) => ({
  activeServerId: 'nomad-public',
  servers: { 'nomad-public': publicStatus, 'local-sandbox': { state: 'unknown' } },
})

function renderNotice(onSwitched = vi.fn()) {
  const fake = createFakeTransport({
    'servers.list': () => ({
      ok: true,
      value: { servers: [PUBLIC_SERVER, SANDBOX], activeServerId: 'nomad-public' },
    }),
    'app.status': () => ({ ok: true, value: statusOf(OFFLINE) }),
    'servers.select': () => ({
      ok: true,
      value: { servers: [PUBLIC_SERVER, SANDBOX], activeServerId: 'local-sandbox' },
    }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <LiveUpdates />
      <UnreachableServerNotice onSwitched={onSwitched} />
    </AppProviders>,
  )
  return fake
}

describe('UnreachableServerNotice', () => {
  it('says the active server cannot be reached and switches to the Local sandbox in one click', async () => {
    const onSwitched = vi.fn()
    const fake = renderNotice(onSwitched)
    const notice = await screen.findByTestId('server-unreachable-notice')
    expect(notice).toHaveTextContent('NOMAD (public) cannot be reached')
    expect(notice).toHaveTextContent('Could not look up nomad-lab.eu')
    await userEvent.click(screen.getByRole('button', { name: 'Use the Local sandbox' }))
    await waitFor(() => expect(onSwitched).toHaveBeenCalled())
    expect(fake.calls.find((c) => c.channel === 'servers.select')?.input).toEqual({
      id: 'local-sandbox',
    })
  })

  it('stays while the server is re-checked, and goes when it answers', async () => {
    const fake = renderNotice()
    await screen.findByTestId('server-unreachable-notice')
    act(() => fake.emit('app.status', statusOf({ ...OFFLINE, state: 'checking' })))
    // The re-check has reached the notice (its Try again shows it) and the notice is still there.
    await waitFor(() =>
      expect(screen.getByTestId('unreachable-try-again')).toHaveAttribute('data-loading'),
    )
    expect(screen.getByTestId('server-unreachable-notice')).toBeInTheDocument()
    act(() => fake.emit('app.status', statusOf({ state: 'online', version: '1.3.16' })))
    await waitFor(() => expect(screen.queryByTestId('server-unreachable-notice')).toBeNull())
  })

  it('once dismissed, does not come back for the same server in this run', async () => {
    const fake = renderNotice()
    await screen.findByTestId('server-unreachable-notice')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss this notice' }))
    expect(screen.queryByTestId('server-unreachable-notice')).toBeNull()
    act(() => fake.emit('app.status', statusOf({ ...OFFLINE, state: 'checking' })))
    act(() => fake.emit('app.status', statusOf({ ...OFFLINE, checkedAt: 2 })))
    // Query caches notify their observers on a timer: let that pass before looking.
    await act(() => new Promise((done) => setTimeout(done, 50)))
    expect(screen.queryByTestId('server-unreachable-notice')).toBeNull()
  })
})
