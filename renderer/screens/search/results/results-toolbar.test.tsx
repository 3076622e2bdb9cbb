import { MantineProvider } from '@mantine/core'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EntriesPage } from '../../../../shared/ipc/channels/search'
import { DEFAULT_CATALOGUE } from '../../../../shared/query'
import { renderCount } from '../../../components/render-count'
import { registerBulkAction } from './bulk-actions'
import { PageStore } from './page-store'
import { ResultsToolbar } from './results-toolbar'
import { NO_SELECTION, selectAll, type Selection } from './selection'

const PAGE: EntriesPage = { total: 3, rows: [{ id: 'e1', cells: {} }], next: null, pageSize: 100 }

async function renderToolbar(selection: Selection) {
  const store = new PageStore({ pageSize: 100, fetchPage: () => Promise.resolve(PAGE) })
  store.start()
  await act(() => Promise.resolve())
  render(
    <MantineProvider>
      <ResultsToolbar
        store={store}
        selection={selection}
        onClearSelection={() => undefined}
        target={() => ({ kind: 'ids', ids: [] }) as never}
        catalogue={DEFAULT_CATALOGUE}
        columns={['entry_id']}
        onColumns={() => undefined}
        missingFilterColumns={[]}
        pageSize={100}
        onPageSize={() => undefined}
      />
    </MantineProvider>,
  )
}

describe('the selection bar', () => {
  it('is not rendered again when a feature registers its bulk action while nothing is selected', async () => {
    await renderToolbar(NO_SELECTION)
    const before = renderCount('search-selection-bar')
    let off = () => {}
    act(() => void (off = registerBulkAction({ id: 'pin-offline', label: 'Pin', run: () => {} })))
    expect(renderCount('search-selection-bar')).toBe(before)
    act(() => off())
  })

  it('follows the registered actions while something is selected', async () => {
    await renderToolbar(selectAll())
    expect(screen.getByTestId('bulk-pin-offline')).toBeDisabled()
    let off = () => {}
    act(() => void (off = registerBulkAction({ id: 'pin-offline', label: 'Pin 3', run: () => {} })))
    expect(screen.getByTestId('bulk-pin-offline')).toBeEnabled()
    expect(screen.getByTestId('bulk-pin-offline')).toHaveTextContent('Pin 3')
    act(() => off())
  })
})
