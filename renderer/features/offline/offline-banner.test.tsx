import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import type { ServerStatus } from '../../../shared/ipc/models/server-profile'
import { LiveUpdates } from '../../app/live-updates'
import { AppProviders } from '../../app/providers'
import { UnreachableServerNotice } from '../../app/unreachable-server-notice'
import { ServerNeededTooltip, useServerNeeded } from '../../components/server-needed'
import { describeStatus } from '../../components/connection-state'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport, PUBLIC_SERVER } from '../../test-support/fake-transport'
import { OfflineBanner } from './offline-banner'
import { WorkOfflineSwitch } from './work-offline-switch'

const HOUR = 3_600_000
const MANUAL: ServerStatus = {
  state: 'offline',
  manual: true,
  since: Date.now() - 2 * HOUR,
  message: 'You are working offline.',
}
const UNREACHABLE: ServerStatus = {
  state: 'offline',
  since: Date.now() - 3 * HOUR,
  message: 'Could not look up nomad-lab.eu (DNS).',
  checkedAt: 1,
}
const statusOf = (status: ServerStatus) => ({
  activeServerId: 'nomad-public',
  servers: { 'nomad-public': status },
})

function pin(entries: number): PinSummary {
  return {
    pinId: 'p1',
    serverId: 'nomad-public',
    serverName: 'NOMAD (public)',
    label: 'Perovskites',
    kind: 'search',
    state: 'complete',
    phase: 'done',
    entries,
    matched: entries,
    limit: 10_000,
    bytes: 1024,
    withArchives: true,
    createdAt: 1,
    syncedAt: 2,
  }
}

function CreateButton() {
  const needed = useServerNeeded()
  return (
    <ServerNeededTooltip reason={needed}>
      <button disabled={needed !== undefined}>Create token</button>
    </ServerNeededTooltip>
  )
}

function renderBanner(status: ServerStatus, pins: PinSummary[]) {
  const fake = createFakeTransport({
    'servers.list': () => ({
      ok: true,
      value: { servers: [PUBLIC_SERVER], activeServerId: 'nomad-public' },
    }),
    'app.status': () => ({ ok: true, value: statusOf(status) }),
    'offline.list': () => ({ ok: true, value: { pins, damaged: [] } }),
    'offline.workOffline': (input) => {
      const { offline } = input as { offline: boolean }
      const next: ServerStatus = offline ? MANUAL : { state: 'online', version: '1.3.16' }
      fake.emit('app.status', statusOf(next))
      return { ok: true, value: next }
    },
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <LiveUpdates />
      <OfflineBanner />
      <UnreachableServerNotice onSwitched={() => undefined} onOpenLibrary={() => undefined} />
      <WorkOfflineSwitch />
      <CreateButton />
    </AppProviders>,
  )
  return fake
}

describe('the offline banner', () => {
  it('says by hand that the app shows offline data, for which server and since when', async () => {
    const fake = renderBanner(MANUAL, [pin(1200)])
    const banner = await screen.findByTestId('offline-banner')
    expect(banner).toHaveTextContent('Working offline from NOMAD (public)')
    expect(banner).toHaveTextContent(
      'The app shows offline data from this computer for NOMAD (public) (1,200 pinned entries and recently viewed ones), since 2 hours ago.',
    )
    expect(banner).toHaveTextContent('Nothing is sent to the server')
    // Not also "cannot be reached": the banner speaks for the offline server.
    expect(screen.queryByTestId('server-unreachable-notice')).toBeNull()
    expect(describeStatus(MANUAL)).toBe('Offline · working offline')
    expect(screen.getByRole('switch', { name: /Work offline/ })).toBeChecked()

    await userEvent.click(within(banner).getByRole('button', { name: 'Work online again' }))
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull())
    expect(fake.calls.find((c) => c.channel === 'offline.workOffline')?.input).toEqual({
      serverId: 'nomad-public',
      offline: false,
    })
    expect(screen.getByRole('switch', { name: /Work offline/ })).not.toBeChecked()
  })

  it('shows for an unreachable server with pins; without pins the notice speaks instead', async () => {
    const fake = renderBanner(UNREACHABLE, [])
    expect(await screen.findByTestId('server-unreachable-notice')).toBeInTheDocument()
    expect(screen.queryByTestId('offline-banner')).toBeNull()
    act(() => fake.emit('offline.changed', { pins: [pin(40)] }))
    const banner = await screen.findByTestId('offline-banner')
    expect(banner).toHaveTextContent('NOMAD (public) is offline')
    expect(banner).toHaveTextContent('40 pinned entries')
    expect(banner).toHaveTextContent('since 3 hours ago')
    expect(within(banner).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('server-unreachable-notice')).toBeNull())
  })

  it('at a start without network, offers what is pinned from other servers', async () => {
    renderBanner(UNREACHABLE, [{ ...pin(25), serverId: 'local-sandbox' }])
    const notice = await screen.findByTestId('server-unreachable-notice')
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        '25 pinned entries are kept on this computer from other servers',
      ),
    )
    expect(within(notice).getByRole('button', { name: 'Open what is pinned' })).toBeInTheDocument()
    expect(screen.queryByTestId('offline-banner')).toBeNull()
  })

  it('switches working offline on from the switch, and disables what needs the server with the reason', async () => {
    const fake = renderBanner({ state: 'online', version: '1.3.16' }, [])
    const create = await screen.findByRole('button', { name: 'Create token' })
    expect(create).toBeEnabled()
    await userEvent.click(await screen.findByRole('switch', { name: /Work offline/ }))
    await screen.findByTestId('offline-banner')
    expect(fake.calls.find((c) => c.channel === 'offline.workOffline')?.input).toEqual({
      serverId: 'nomad-public',
      offline: true,
    })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create token' })).toBeDisabled())
    await userEvent.hover(screen.getByTestId('server-needed'))
    expect(
      await screen.findByText(
        'You are working offline from NOMAD (public). Switch “Work offline” off to do this.',
      ),
    ).toBeInTheDocument()
  })
})
