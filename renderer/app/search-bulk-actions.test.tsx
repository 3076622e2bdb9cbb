import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ok } from '../features/downloads/test-fixtures'
import { StartDownloadProvider } from '../features/downloads/start-download'
import { StartPinProvider } from '../features/offline/start-pin'
import userEvent from '@testing-library/user-event'
import { createIpcClient } from '../ipc/client'
import { createFakeTransport } from '../test-support/fake-transport'
import { bulkAction } from '../screens/search/results/bulk-actions'
import { SearchBulkActions } from './search-bulk-actions'
import { AppProviders } from './providers'

function renderRegistration() {
  const pinned: unknown[] = []
  const fake = createFakeTransport({
    'offline.estimate': (input) =>
      ok({
        matched: 1234,
        entries: Math.min(1234, (input as { limit: number }).limit),
        bytes: 5 * 1024 * 1024,
        sampled: 20,
        folder: '/home/you/.config/nomad-desktop',
        freeBytes: 100 * 1024 ** 3,
        reserveBytes: 64 * 1024 ** 2,
      }),
    'offline.pin': (input) => {
      pinned.push(input)
      return ok({ pinId: 'p1' })
    },
    'app.info': () =>
      ok({ name: 'NOMAD Desktop', version: '0.1.0', mode: 'web', platform: 'linux' }),
    'settings.get': () => ok({ appearance: { theme: 'light' } }),
  })
  const view = render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <StartDownloadProvider onShowDownloads={() => undefined}>
        <StartPinProvider onShowOffline={() => undefined}>
          <SearchBulkActions />
        </StartPinProvider>
      </StartDownloadProvider>
    </AppProviders>,
  )
  return { view, pinned }
}

describe("the downloads and offline features' search bulk actions", () => {
  it('registers raw files and archive export, and unregisters when unmounted', () => {
    const { view } = renderRegistration()
    expect(bulkAction('download')?.label).toBe('Download raw files')
    expect(bulkAction('export-archive')?.label).toBe('Export archive data…')
    expect(bulkAction('pin-offline')?.label).toBe('Pin offline…')
    view.unmount()
    expect(bulkAction('download')).toBeUndefined()
    expect(bulkAction('export-archive')).toBeUndefined()
    expect(bulkAction('pin-offline')).toBeUndefined()
  })

  it('plans the selected entries, or the whole query, in the planning dialog', async () => {
    renderRegistration()
    act(
      () =>
        void bulkAction('download')?.run({
          kind: 'entries',
          serverId: 'nomad-public',
          entryIds: ['e1', 'e2', 'e3'],
        }),
    )
    expect(await screen.findByTestId('plan-source')).toHaveTextContent(
      'Raw files of 3 selected entries',
    )
    expect(screen.getByTestId('plan-label')).toHaveValue('Raw files of 3 entries')
    act(
      () =>
        void bulkAction('download')?.run({
          kind: 'query',
          serverId: 'nomad-public',
          owner: 'visible',
          query: { 'results.material.elements': { all: ['Si'] } },
          count: 1234,
        }),
    )
    await waitFor(() =>
      expect(screen.getByTestId('plan-source')).toHaveTextContent(
        'Raw files of every entry the search matches',
      ),
    )
    expect(screen.getByTestId('plan-label')).toHaveValue('Raw files of 1,234 entries (search)')
  })

  it('exports archive data with a default required the user can edit', async () => {
    renderRegistration()
    act(
      () =>
        void bulkAction('export-archive')?.run({
          kind: 'entries',
          serverId: 'nomad-public',
          entryIds: ['e1'],
        }),
    )
    const required = await screen.findByTestId('plan-required')
    expect(JSON.parse((required as HTMLTextAreaElement).value)).toEqual({
      metadata: '*',
      results: '*',
    })
  })
})

describe('pin offline', () => {
  it('estimates the pin, says what the limit leaves out, and pins with the chosen limit', async () => {
    const { pinned } = renderRegistration()
    act(
      () =>
        void bulkAction('pin-offline')?.run({
          kind: 'query',
          serverId: 'nomad-public',
          owner: 'visible',
          query: { 'results.material.elements': { all: ['Si'] } },
          count: 1234,
        }),
    )
    expect(await screen.findByTestId('pin-estimate-entries')).toHaveTextContent('1,234')
    expect(screen.getByTestId('pin-estimate-bytes')).toHaveTextContent('5 MiB')
    expect(screen.getByTestId('pin-label')).toHaveValue('Search of 1,234 entries')
    const limit = screen.getByTestId('pin-limit')
    await userEvent.clear(limit)
    await userEvent.type(limit, '1000')
    expect(await screen.findByTestId('pin-estimate-cut')).toHaveTextContent(
      '234 entries are left out by the limit',
    )
    // Raw files too: the pin asks for them (a job in Downloads fetches them once it completes).
    await userEvent.click(screen.getByTestId('pin-raw-files'))
    await waitFor(() => expect(screen.getByTestId('pin-start')).toBeEnabled())
    await userEvent.click(screen.getByTestId('pin-start'))
    expect(await screen.findByText('Pinning started')).toBeInTheDocument()
    expect(pinned).toEqual([
      {
        serverId: 'nomad-public',
        source: {
          kind: 'search',
          owner: 'visible',
          query: { 'results.material.elements': { all: ['Si'] } },
        },
        limit: 1000,
        withArchives: true,
        withRawFiles: true,
        label: 'Search of 1,234 entries',
      },
    ])
  })
})
