import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ServerStatus } from '../../shared/ipc/models/server-profile'
import { createIpcClient } from '../ipc/client'
import { createFakeTransport, PUBLIC_SERVER } from '../test-support/fake-transport'
import { LiveUpdates } from './live-updates'
import { AppProviders } from './providers'
import { StatusBar } from './status-bar'

const ONLINE: ServerStatus = { state: 'online', version: '1.3.16', checkedAt: 1 }
const OFFLINE: ServerStatus = {
  state: 'offline',
  message: 'Could not look up nomad-lab.eu (DNS).',
  checkedAt: 2,
}
const statusOf = (status: ServerStatus) => ({
  activeServerId: 'nomad-public',
  servers: { 'nomad-public': status },
})

/** What the footer's live regions hold now: what a screen reader has been told last. */
const said = () =>
  screen
    .getAllByRole('status')
    .map((region) => region.textContent)
    .join(' | ')

describe('the status bar as a live region', () => {
  it('says the server going offline and coming back once each, not its re-checks', async () => {
    const fake = createFakeTransport({
      'servers.list': () => ({
        ok: true,
        value: { servers: [PUBLIC_SERVER], activeServerId: 'nomad-public' },
      }),
      'app.status': () => ({ ok: true, value: statusOf(ONLINE) }),
    })
    render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <LiveUpdates />
        <StatusBar />
      </AppProviders>,
    )
    await waitFor(() => expect(screen.getByTestId('status-state')).toHaveTextContent('Online'))
    // The state at start is on screen, not announced.
    const quiet = said()
    const show = async (status: ServerStatus, text: string) => {
      act(() => fake.emit('app.status', statusOf(status)))
      await waitFor(() => expect(screen.getByTestId('status-state')).toHaveTextContent(text))
    }
    // A re-check (every few minutes, every 30 s while offline) changes nothing that is said.
    await show({ ...ONLINE, state: 'checking' }, 'Checking')
    expect(said()).toBe(quiet)
    await show({ ...ONLINE, checkedAt: 3 }, 'Online')
    expect(said()).toBe(quiet)
    await show(OFFLINE, 'Offline')
    expect(said()).toContain('NOMAD (public) is offline.')
    const offline = said()
    await show({ ...OFFLINE, state: 'checking' }, 'Checking')
    expect(said()).toBe(offline)
    await show({ ...OFFLINE, checkedAt: 4 }, 'Offline')
    expect(said()).toBe(offline)
    await show({ ...ONLINE, checkedAt: 5 }, 'Online')
    expect(said()).toContain('NOMAD (public) is back online.')
  })
})
