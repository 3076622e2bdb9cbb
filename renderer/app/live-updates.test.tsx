import { act, render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createIpcClient } from '../ipc/client'
import { createFakeTransport, PUBLIC_SERVER } from '../test-support/fake-transport'
import { useInvoke } from '../ipc/hooks'
import { LiveUpdates } from './live-updates'
import { AppProviders } from './providers'

function ActiveServerName() {
  const list = useInvoke('servers.list', {})
  const active = list.data?.servers.find((s) => s.id === list.data?.activeServerId)
  return <p data-testid="active">{active?.name ?? 'none'}</p>
}

describe('LiveUpdates', () => {
  it('applies pushed events to cached data and refetches after a reconnect', async () => {
    const other = { ...PUBLIC_SERVER, id: 'lab', name: 'Lab', builtIn: false }
    const fake = createFakeTransport({
      'servers.list': () => ({
        ok: true,
        value: { servers: [PUBLIC_SERVER, other], activeServerId: 'nomad-public' },
      }),
    })
    const view = render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <LiveUpdates />
        <ActiveServerName />
      </AppProviders>,
    )
    await waitFor(() => expect(view.getByTestId('active')).toHaveTextContent('NOMAD (public)'))
    act(() =>
      fake.emit('servers.changed', { servers: [PUBLIC_SERVER, other], activeServerId: 'lab' }),
    )
    await waitFor(() => expect(view.getByTestId('active')).toHaveTextContent('Lab'))

    const fetches = () => fake.calls.filter((c) => c.channel === 'servers.list').length
    const before = fetches()
    act(() => fake.setConnection('lost'))
    act(() => fake.setConnection('open'))
    await waitFor(() => expect(fetches()).toBe(before + 1))
    // The refetch brings back the host's truth.
    await waitFor(() => expect(view.getByTestId('active')).toHaveTextContent('NOMAD (public)'))
  })

  it('refetches what a server shows after someone signs in or out there, and only that server', async () => {
    let visible = 40
    const fake = createFakeTransport({
      'search.count': () => ({ ok: true, value: { total: visible } }),
    })
    function Counts() {
      const count = useInvoke(
        'search.count',
        { serverId: 'nomad-public', owner: 'visible', query: {} },
        { staleTime: 60_000 },
      )
      const other = useInvoke(
        'search.count',
        { serverId: 'lab', owner: 'visible', query: {} },
        { staleTime: 60_000 },
      )
      return (
        <p data-testid="counts">
          {count.data?.total ?? '…'} / {other.data?.total ?? '…'}
        </p>
      )
    }
    const view = render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <LiveUpdates />
        <Counts />
      </AppProviders>,
    )
    await waitFor(() => expect(view.getByTestId('counts')).toHaveTextContent('40 / 40'))
    // Signed in: the owner "visible" now includes this user's own unpublished entries.
    visible = 91
    act(() =>
      fake.emit('auth.changed', {
        serverId: 'nomad-public',
        serverName: 'NOMAD (public)',
        passwordSignIn: true,
        session: null,
      }),
    )
    await waitFor(() => expect(view.getByTestId('counts')).toHaveTextContent('91 / 40'))
  })

  it('asks again for what it follows once subscribed: an event sent before it mounted is not lost', async () => {
    // LiveUpdates mounts only after the 'app.startup' answer; a status event the host sent in
    // between reached no listener, and the status bar said "Checking…" until the next check.
    let status = { activeServerId: 'nomad-public', servers: {} as Record<string, unknown> }
    const fake = createFakeTransport({ 'app.status': () => ({ ok: true, value: status }) })
    function StatusProbe() {
      const current = useInvoke('app.status', {})
      return <p data-testid="checked">{Object.keys(current.data?.servers ?? {}).join(',')}</p>
    }
    const client = createIpcClient(fake.transport)
    const view = render(
      <AppProviders client={client}>
        <StatusProbe />
      </AppProviders>,
    )
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'app.status')).toHaveLength(1),
    )
    status = { ...status, servers: { 'nomad-public': { state: 'online' } } }
    act(() => fake.emit('app.status', status))
    expect(view.getByTestId('checked')).toHaveTextContent('')

    view.rerender(
      <AppProviders client={client}>
        <LiveUpdates />
        <StatusProbe />
      </AppProviders>,
    )
    await waitFor(() => expect(view.getByTestId('checked')).toHaveTextContent('nomad-public'))
  })
})
