import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import { AppProviders } from '../../app/providers'
import { ok } from '../../features/downloads/test-fixtures'
import { useOfflineLiveUpdates } from '../../features/offline/live-pins'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { OfflineScreen } from './offline-screen'

function pinSummary(overrides: Partial<PinSummary> = {}): PinSummary {
  return {
    pinId: 'p1',
    serverId: 'nomad-public',
    serverName: 'NOMAD (public)',
    label: 'Perovskites',
    kind: 'search',
    state: 'complete',
    phase: 'done',
    entries: 1200,
    matched: 1500,
    limit: 1200,
    bytes: 30 * 1024 * 1024,
    withArchives: true,
    createdAt: Date.now() - 3_600_000,
    syncedAt: Date.now() - 3 * 3_600_000,
    ...overrides,
  }
}

function Live() {
  useOfflineLiveUpdates()
  return null
}

function renderScreen(
  pins: PinSummary[],
  damaged: { key: string; problem: string }[] = [],
  extra: Record<string, (input: unknown) => unknown> = {},
) {
  const fake = createFakeTransport({
    'offline.list': () => ok({ pins, damaged }),
    ...(extra as Record<string, () => never>),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <Live />
      <OfflineScreen />
    </AppProviders>,
  )
  return fake
}

describe('the Offline screen', () => {
  it('says how to pin when nothing is pinned, with one h1', async () => {
    renderScreen([])
    const empty = await screen.findByTestId('offline-empty')
    expect(empty).toHaveTextContent('Pin offline…')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('shows each pin: what and where from, entries of matched, size, state, freshness', async () => {
    renderScreen([
      pinSummary(),
      pinSummary({
        pinId: 'p2',
        label: 'Upload of Mei',
        kind: 'upload',
        state: 'failed',
        phase: 'archives',
        matched: 40,
        entries: 40,
        syncedAt: null,
        message: 'The server answered 503 too often.',
        withArchives: false,
      }),
    ])
    const rows = await screen.findAllByTestId('pin-row')
    const first = within(rows[0]!)
    expect(first.getByTestId('pin-name')).toHaveTextContent('Perovskites')
    expect(rows[0]).toHaveTextContent('Search · NOMAD (public)')
    expect(first.getByTestId('pin-entries')).toHaveTextContent('1,200 of 1,500 (limit 1,200)')
    expect(rows[0]).toHaveTextContent('30 MiB')
    expect(first.getByTestId('pin-synced')).toHaveTextContent('3 hours ago')
    const second = within(rows[1]!)
    expect(second.getByTestId('pin-state')).toHaveTextContent('Failed')
    expect(second.getByTestId('pin-message')).toHaveTextContent('503 too often')
    expect(second.getByTestId('pin-synced')).toHaveTextContent('Not yet')
    expect(rows[1]).toHaveTextContent('metadata only')
    expect(second.getByRole('button', { name: 'Resume Upload of Mei' })).toBeInTheDocument()
    expect(screen.getByTestId('offline-totals')).toHaveTextContent('2 pins · 1,240 entries')
  })

  it('follows progress events and removes a pin after confirmation', async () => {
    const removed: unknown[] = []
    const fake = renderScreen(
      [pinSummary({ state: 'pinning', phase: 'metadata', entries: 10 })],
      [],
      {
        'offline.remove': (input) => {
          removed.push(input)
          return ok({})
        },
      },
    )
    expect(await screen.findByTestId('pin-state')).toHaveTextContent('Pinning · metadata')
    act(() =>
      fake.emit('offline.changed', {
        pins: [pinSummary({ state: 'pinning', phase: 'archives', entries: 900 })],
      }),
    )
    await waitFor(() =>
      expect(screen.getByTestId('pin-state')).toHaveTextContent('Pinning · archives'),
    )
    expect(screen.getByTestId('pin-entries')).toHaveTextContent('900')
    await userEvent.click(screen.getByRole('button', { name: 'Remove Perovskites' }))
    const dialog = await screen.findByTestId('pin-remove-dialog')
    expect(dialog).toHaveTextContent('The data on NOMAD (public) is not touched')
    await userEvent.click(within(dialog).getByTestId('pin-remove-confirm'))
    await waitFor(() => expect(screen.queryByTestId('pin-row')).not.toBeInTheDocument())
    expect(removed).toEqual([{ pinId: 'p1' }])
  })

  it('reports damaged records without hiding the rest', async () => {
    renderScreen([pinSummary()], [{ key: 'entry s/b', problem: 'Invalid input' }])
    expect(await screen.findByTestId('offline-damaged')).toHaveTextContent('1 record was skipped')
    expect(screen.getAllByTestId('pin-row')).toHaveLength(1)
  })

  it('lists damage the background check finds while the section is open', async () => {
    const fake = renderScreen([pinSummary()])
    expect(await screen.findByTestId('pin-row')).toBeInTheDocument()
    expect(screen.queryByTestId('offline-damaged')).not.toBeInTheDocument()
    act(() =>
      fake.emit('offline.changed', {
        pins: [],
        damaged: [{ key: 'archive s/b', problem: 'Invalid input', pinIds: ['p1'] }],
      }),
    )
    expect(await screen.findByTestId('offline-damaged')).toHaveTextContent('1 record was skipped')
    expect(screen.getAllByTestId('pin-row')).toHaveLength(1)
  })
})
