import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ok } from '../features/downloads/test-fixtures'
import { StartDownloadProvider } from '../features/downloads/start-download'
import { createIpcClient } from '../ipc/client'
import { createFakeTransport } from '../test-support/fake-transport'
import { bulkAction } from '../screens/search/results/bulk-actions'
import { DownloadBulkActions } from './download-bulk-actions'
import { AppProviders } from './providers'

function renderRegistration() {
  const fake = createFakeTransport({
    'app.info': () =>
      ok({ name: 'NOMAD Desktop', version: '0.1.0', mode: 'web', platform: 'linux' }),
    'settings.get': () => ok({ appearance: { theme: 'light' } }),
  })
  const view = render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <StartDownloadProvider onShowDownloads={() => undefined}>
        <DownloadBulkActions />
      </StartDownloadProvider>
    </AppProviders>,
  )
  return view
}

describe("the downloads feature's search bulk actions", () => {
  it('registers raw files and archive export, and unregisters when unmounted', () => {
    const view = renderRegistration()
    expect(bulkAction('download')?.label).toBe('Download raw files')
    expect(bulkAction('export-archive')?.label).toBe('Export archive data…')
    view.unmount()
    expect(bulkAction('download')).toBeUndefined()
    expect(bulkAction('export-archive')).toBeUndefined()
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
