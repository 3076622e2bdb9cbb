import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import type { SyncReport } from '../../../shared/ipc/channels/offline-sync'
import { AppProviders } from '../../app/providers'
import { ok } from '../../features/downloads/test-fixtures'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { OfflineScreen } from './offline-screen'

// The Offline section's honesty and sync parts: a stale mark from the user's threshold, the last
// sync's counts opening its report with the list, pinning the new entries, and the storage view.

const DAY = 86_400_000
const pin: PinSummary = {
  pinId: 'p1',
  serverId: 's',
  serverName: 'Test sandbox',
  label: 'Perovskites',
  kind: 'search',
  state: 'complete',
  phase: 'done',
  entries: 60,
  matched: 60,
  limit: 10_000,
  bytes: 2 * 1024 * 1024,
  withArchives: true,
  createdAt: Date.now() - 20 * DAY,
  syncedAt: Date.now() - 10 * DAY,
  lastSync: { finishedAt: Date.now() - 10 * DAY, added: 2, removed: 1, changed: 1, newPinned: 0 },
}
const report: SyncReport = {
  startedAt: Date.now() - 10 * DAY,
  finishedAt: Date.now() - 10 * DAY,
  added: 2,
  removed: 1,
  changed: 1,
  unchanged: 58,
  newPinned: 0,
  items: [
    { entryId: 'n1', name: 'NaCl VASP simulation', change: 'added' },
    { entryId: 'n2', name: 'KBr VASP simulation', change: 'added' },
    { entryId: 'r1', name: 'LiF exciting simulation', change: 'removed' },
    { entryId: 'c1', name: 'MgO FHI-aims simulation', change: 'changed' },
  ],
}

function renderScreen(calls: unknown[], files = 3) {
  const fake = createFakeTransport({
    'offline.list': () => ok({ pins: [pin], damaged: [] }),
    'offline.preferences': () => ok({ staleAfterDays: 7, syncEveryHours: 0 }),
    'offline.syncReport': () => ok(report),
    'offline.pinNew': (input) => {
      calls.push(input)
      return ok({ ...pin, state: 'pinning', syncing: 'add' })
    },
    'offline.storage': () =>
      ok({
        servers: [
          {
            serverId: 's',
            serverName: 'Test sandbox',
            entries: 60,
            bytes: pin.bytes,
            pins: [{ pinId: 'p1', label: 'Perovskites', entries: 60, bytes: pin.bytes }],
          },
        ],
        database: { path: '/data/app.lmdb', bytes: 4 * 1024 * 1024 },
        free: 10 * 1024 ** 3,
        cache: null,
      }),
    'offline.dataLocation': () =>
      ok({ folder: '/data', appFolder: '/data', bytes: 5 * 1024 * 1024, files, moving: null }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <OfflineScreen />
    </AppProviders>,
  )
}

describe('the Offline section: freshness, sync report, storage', () => {
  it('marks a stale pin, opens the report and pins the new entries', async () => {
    const calls: unknown[] = []
    renderScreen(calls)
    expect(await screen.findByTestId('pin-stale')).toHaveTextContent('Stale')
    const counts = screen.getByTestId('pin-last-sync')
    expect(counts).toHaveTextContent('2 new · 1 removed · 1 changed')
    await userEvent.click(counts)
    const dialog = await screen.findByTestId('sync-report')
    await waitFor(() =>
      expect(within(dialog).getByTestId('sync-report-counts')).toHaveTextContent(
        '2 new1 removed1 changed58 unchanged',
      ),
    )
    const rows = within(dialog).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.getAttribute('data-change'))).toEqual([
      'added',
      'added',
      'removed',
      'changed',
    ])
    expect(rows[2]).toHaveTextContent('LiF exciting simulation')
    await userEvent.click(within(dialog).getByTestId('sync-pin-new'))
    await waitFor(() => expect(calls).toEqual([{ pinId: 'p1' }]))
  })

  it('shows the space per server and pin, and no cache row figures before the cache is open', async () => {
    renderScreen([])
    const storage = await screen.findByTestId('offline-storage')
    await waitFor(() =>
      expect(within(storage).getByTestId('storage-server')).toHaveTextContent('Test sandbox60'),
    )
    expect(within(storage).getByTestId('storage-pin')).toHaveTextContent('Perovskites602 MiB')
    expect(within(storage).getByTestId('storage-database')).toHaveTextContent(
      '/data/app.lmdb (4 MiB on disk',
    )
    expect(within(storage).getByTestId('storage-cache')).toHaveTextContent(
      'Recently viewed (cache)––',
    )
    // Where the data is, with its size, and the move that opens the dialog.
    const location = await within(storage).findByTestId('storage-location')
    expect(location).toHaveTextContent('Data folder: /data (5 MiB on disk in 3 files:')
    await userEvent.click(within(location).getByTestId('move-data'))
    expect(await screen.findByTestId('move-data-dialog')).toHaveTextContent('(5 MiB) are in /data')
  })

  it('counts one file as one file', async () => {
    renderScreen([], 1)
    const location = await screen.findByTestId('storage-location')
    expect(location).toHaveTextContent('Data folder: /data (5 MiB on disk in 1 file:')
  })
})
