import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FileItem, FilePreview, FolderPage } from '../../../../shared/ipc/channels/raw-files'
import type { IpcResult } from '../../../../shared/ipc/result'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { createFakeTransport } from '../../../test-support/fake-transport'
import { stubLayoutSize } from '../../../test-support/layout-size'
import { FileBrowser, type SelectionActions } from './file-browser'

const ENTRY = {
  serverId: 's1',
  entryId: 'dft_bulk',
  uploadId: 'u1',
  uploadName: 'Oxides',
  mainfile: 'test_entry/vasp.xml',
}

const file = (folder: string, name: string, size: number, extra: Partial<FileItem> = {}) => ({
  name,
  path: folder === '' ? name : `${folder}/${name}`,
  isFile: true,
  size,
  ...extra,
})

// The recorded real-server folder (recordings uploads/browser_test_entrydir.json, rawdir of
// test_entry with include_entry_info), as core hands it over.
const RECORDED_ENTRY_DIR: FileItem[] = [
  file('test_entry', '1.aux', 8),
  file('test_entry', '2.aux', 8),
  file('test_entry', '3.aux', 8),
  file('test_entry', '4.aux', 8),
  { name: 'sub', path: 'test_entry/sub', isFile: false, size: 456 },
  file('test_entry', 'vasp.xml', 3237, { entryId: 'dft_bulk', parserName: 'parsers/vasp' }),
]

/** A folder answered in pages of `pageSize` from a fixed list of children. */
function folder(path: string, items: FileItem[]) {
  return (input: { page: number; pageSize: number }): IpcResult<FolderPage> => {
    const start = (input.page - 1) * input.pageSize
    const page = items.slice(start, start + input.pageSize)
    return {
      ok: true,
      value: {
        uploadId: 'u1',
        path,
        access: 'unpublished',
        total: items.length,
        page: input.page,
        pageSize: input.pageSize,
        items: page,
        hasMore: start + page.length < items.length,
        indexed: false,
      },
    }
  }
}

type ListInput = {
  path: string
  page: number
  pageSize: number
  filter?: string
  background?: boolean
}

function setup(
  list: (input: ListInput) => IpcResult<unknown>,
  preview: (input: { path: string; offset?: number }) => IpcResult<FilePreview> = () => ({
    ok: false,
    error: { code: 'internal', message: 'no preview in this test' },
  }),
  locate: (input: { path: string }) => IpcResult<unknown> = () => ({
    ok: false,
    error: { code: 'not_found', message: 'not here' },
  }),
  selectionActions?: SelectionActions,
) {
  const fake = createFakeTransport({
    'rawFiles.list': (input) => list(input as ListInput),
    'rawFiles.preview': (input) => preview(input as { path: string }),
    'rawFiles.locate': (input) => locate(input as { path: string }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <FileBrowser
        entry={ENTRY}
        onClose={() => undefined}
        {...(selectionActions ? { selectionActions } : {})}
      />
    </AppProviders>,
  )
  const listed = () =>
    fake.calls.filter((c) => c.channel === 'rawFiles.list').map((c) => c.input as ListInput)
  const previewed = () =>
    fake.calls
      .filter((c) => c.channel === 'rawFiles.preview')
      .map((c) => c.input as { path: string; size?: number })
  return { listed, previewed }
}

const list = () => screen.getByTestId('files-list')
const items = () =>
  within(list())
    .getAllByTestId('files-item')
    .map((el) => el.dataset.name)
const row = (name: string) =>
  within(list())
    .getAllByTestId('files-item')
    .find((el) => el.dataset.name === name) as HTMLElement

const TREE_ROOT = folder('', [
  { name: 'test_entry', path: 'test_entry', isFile: false, size: 3700 },
])

// jsdom lays nothing out: a window of 480 × 600 px for the virtual list to fill with rows.
stubLayoutSize()

describe('FileBrowser', () => {
  it('shows the recorded folder: sizes, kinds, the mainfile with its parser and entry link', async () => {
    setup(({ path, ...rest }) =>
      path === 'test_entry' ? folder(path, RECORDED_ENTRY_DIR)(rest) : TREE_ROOT(rest),
    )
    await waitFor(() =>
      expect(items()).toEqual(['1.aux', '2.aux', '3.aux', '4.aux', 'sub', 'vasp.xml']),
    )
    const main = row('vasp.xml')
    expect(main).toHaveAttribute('data-mainfile', 'true')
    expect(main).toHaveTextContent('vasp')
    expect(main).toHaveTextContent('3.2 KiB')
    expect(main).toHaveTextContent('3,237')
    expect(within(main).getByTestId('files-entry-link')).toHaveAttribute(
      'href',
      '#/archive/s1/dft_bulk',
    )
    expect(row('sub')).toHaveAttribute('data-kind', 'folder')
    expect(screen.getByTestId('files-breadcrumbs')).toHaveTextContent('Upload root/test_entry')
    expect(screen.getByText('unpublished')).toBeInTheDocument()
    expect(screen.getByTestId('files-tree')).toHaveTextContent('test_entry')
  })

  it('selects with click, Ctrl+click and Shift+click, and moves with the keyboard', async () => {
    const user = userEvent.setup()
    setup(({ path, ...rest }) =>
      path === 'test_entry' ? folder(path, RECORDED_ENTRY_DIR)(rest) : TREE_ROOT(rest),
    )
    await waitFor(() => expect(items()).toHaveLength(6))
    await user.click(row('1.aux'))
    await user.keyboard('{Shift>}')
    await user.click(row('3.aux'))
    await user.keyboard('{/Shift}')
    expect(screen.getByTestId('files-selected-count')).toHaveTextContent('3 selected')
    await user.keyboard('{Control>}')
    await user.click(row('2.aux'))
    await user.keyboard('{/Control}')
    expect(screen.getByTestId('files-selected-count')).toHaveTextContent('2 selected')
    expect(row('2.aux')).toHaveAttribute('aria-selected', 'false')
    fireEvent.keyDown(list(), { key: 'ArrowDown', shiftKey: true })
    fireEvent.keyDown(list(), { key: 'ArrowDown', shiftKey: true })
    expect(screen.getByTestId('files-selected-count')).toHaveTextContent('3 selected')
    fireEvent.keyDown(list(), { key: 'a', ctrlKey: true })
    expect(screen.getByTestId('files-selected-count')).toHaveTextContent('6 selected')
  })

  it('opens a folder with Enter and filters by name on the whole folder', async () => {
    const user = userEvent.setup()
    const { listed } = setup(({ path, filter, ...rest }) => {
      if (path === 'test_entry/sub') return folder(path, [file(path, 'deep.txt', 10)])(rest)
      if (path !== 'test_entry') return TREE_ROOT(rest)
      const shown = RECORDED_ENTRY_DIR.filter((i) => i.name.includes(filter ?? ''))
      return folder(path, shown)(rest)
    })
    await waitFor(() => expect(items()).toHaveLength(6))
    await user.type(screen.getByTestId('files-filter'), 'aux')
    await waitFor(() => expect(items()).toEqual(['1.aux', '2.aux', '3.aux', '4.aux']))
    expect(listed().at(-1)).toMatchObject({ path: 'test_entry', filter: 'aux' })
    await user.clear(screen.getByTestId('files-filter'))
    await waitFor(() => expect(items()).toHaveLength(6))
    fireEvent.keyDown(list(), { key: 'End' })
    fireEvent.keyDown(list(), { key: 'ArrowUp' })
    fireEvent.keyDown(list(), { key: 'Enter' })
    await waitFor(() => expect(items()).toEqual(['deep.txt']))
  })

  it('works from the keyboard alone: rows, open, go up, preview, download, in a visible order', async () => {
    const user = userEvent.setup()
    const downloaded: string[][] = []
    const { previewed } = setup(
      ({ path, ...rest }) => {
        if (path === 'test_entry/sub') return folder(path, [file(path, 'deep.txt', 10)])(rest)
        return path === 'test_entry' ? folder(path, RECORDED_ENTRY_DIR)(rest) : TREE_ROOT(rest)
      },
      undefined,
      ({ path }) =>
        path === 'test_entry/sub'
          ? { ok: true, value: { folder: 'test_entry', index: 4, total: 6 } }
          : { ok: false, error: { code: 'not_found', message: 'not here' } },
      (selected) => (
        <button type="button" onClick={() => downloaded.push(selected.map((i) => i.name))}>
          Download
        </button>
      ),
    )
    await waitFor(() => expect(items()).toHaveLength(6))
    // Tab order: the crumbs, the toolbar (filter, sort, order, the download action), the
    // folder tree and the listing, one stop each.
    const order: string[] = []
    while (document.activeElement !== list() && order.length < 20) {
      await user.tab()
      const el = document.activeElement as HTMLElement
      order.push(el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent ?? '')
    }
    expect(order).toEqual([
      'files-crumb',
      'files-filter',
      'files-sort',
      'files-order',
      'Download',
      'files-tree-item',
      'files-list',
    ])
    const active = () => list().getAttribute('aria-activedescendant')
    const activeName = () => document.getElementById(active() ?? '')?.dataset.name
    expect(activeName()).toBe('1.aux')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(activeName()).toBe('sub')
    // Enter opens the folder; the focus stays in the listing, on its first row.
    await user.keyboard('{Enter}')
    await waitFor(() => expect(items()).toEqual(['deep.txt']))
    expect(document.activeElement).toBe(list())
    expect(activeName()).toBe('deep.txt')
    // Enter on a file previews it, and the listing keeps the focus.
    await user.keyboard('{Enter}')
    expect(await screen.findByTestId('file-preview')).toHaveTextContent('deep.txt')
    expect(document.activeElement).toBe(list())
    // The listing's size goes along: the preview needs no listing of the file itself.
    await waitFor(() => expect(previewed()).toEqual([expect.objectContaining({ size: 10 })]))
    // Backspace goes up a folder, back to the row of the folder it came from.
    await user.keyboard('{Backspace}')
    await waitFor(() => expect(items()).toHaveLength(6))
    expect(document.activeElement).toBe(list())
    expect(activeName()).toBe('sub')
    // Space selects; Shift+Tab reaches the download action, which gets the selection.
    await user.keyboard('{ArrowDown} ')
    expect(screen.getByTestId('files-selected-count')).toHaveTextContent('1 selected')
    while (document.activeElement?.textContent !== 'Download' && order.length < 40) {
      await user.tab({ shift: true })
      order.push('back')
    }
    await user.keyboard('{Enter}')
    expect(downloaded).toEqual([['vasp.xml']])
    // The folder tree is one stop, on the folder shown; ↑/↓ move, Enter shows a folder.
    const tree = within(screen.getByTestId('files-tree')).getAllByTestId('files-tree-item')
    expect(tree.filter((b) => b.tabIndex === 0).map((b) => b.dataset.path)).toEqual(['test_entry'])
    tree[1]?.focus()
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement).toHaveAttribute('data-path', '')
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(items()).toEqual(['deep.txt']))
  })

  it('opens a 5 000-file folder with one page, not the whole folder', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      file('test_entry', `${String(i + 1).padStart(5, '0')}.xyz`, 100),
    )
    const { listed } = setup(({ path, ...rest }) =>
      path === 'test_entry' ? folder(path, many)(rest) : TREE_ROOT(rest),
    )
    await waitFor(() => expect(screen.getByTestId('files-count')).toHaveTextContent('5,000 items'))
    await waitFor(() => expect(items()[0]).toBe('00001.xyz'))
    // Rows beyond the first page are placeholders until scrolled to (e2e covers the scroll).
    // The tree asks for the same folder's first 500 children (its subfolders); the list, in
    // pages of 100, asks only for page 1.
    const pages = listed()
      .filter((c) => c.path === 'test_entry' && c.pageSize === 100)
      .map((c) => c.page)
    expect(new Set(pages)).toEqual(new Set([1]))
    expect(items().length).toBeLessThan(40)
    // The tree's branches go after the listing someone waits for (the background lane).
    const lanes = listed().map((c) => `${c.pageSize}:${c.background === true}`)
    expect(new Set(lanes)).toEqual(new Set(['100:false', '500:true']))
  })

  it('says what to do when the upload is not there or needs sign-in', async () => {
    let code: 'not_found' | 'auth_required' = 'not_found'
    setup(() => ({
      ok: false,
      error: { code, message: 'GET /uploads/u1/rawdir: Not found. Invalid path?' },
    }))
    const error = await screen.findByTestId('viewer-error')
    expect(error).toHaveTextContent('Not found. Invalid path?')
    expect(error).toHaveTextContent('The upload may have been deleted')
    code = 'auth_required'
    await userEvent.setup().click(within(error).getByTestId('viewer-retry'))
    await waitFor(() =>
      expect(screen.getByTestId('viewer-error')).toHaveTextContent('Sign in (top right)'),
    )
  })

  it('a file deleted while previewing, or an answer that does not decode, is said in the pane', async () => {
    // Bad input of issue 15: the preview pane names what happened; the listing keeps working.
    const user = userEvent.setup()
    setup(
      ({ path, ...rest }) =>
        path === 'test_entry' ? folder(path, RECORDED_ENTRY_DIR)(rest) : TREE_ROOT(rest),
      ({ path }) =>
        path.endsWith('1.aux')
          ? {
              ok: false,
              error: {
                code: 'not_found',
                message: 'GET /uploads/u1/raw/test_entry/1.aux: Not found. Invalid path?',
              },
            }
          : {
              ok: false,
              error: {
                code: 'invalid_response',
                message:
                  'The server answered GET /uploads/u1/raw with data.size: expected a number',
              },
            },
    )
    await waitFor(() => expect(items()).toHaveLength(6))
    await user.click(row('1.aux'))
    const gone = await screen.findByTestId('viewer-error')
    expect(gone).toHaveTextContent('Not found. Invalid path?')
    expect(gone).toHaveTextContent('The file may have been deleted')
    await user.click(row('2.aux'))
    await waitFor(() =>
      expect(screen.getByTestId('viewer-error')).toHaveTextContent('data.size: expected a number'),
    )
    expect(screen.getByTestId('viewer-error')).toHaveTextContent(
      'The server answered in a form the app cannot read',
    )
    // The rest of the browser still works: the listing and the folder tree.
    expect(items()).toEqual(['1.aux', '2.aux', '3.aux', '4.aux', 'sub', 'vasp.xml'])
    expect(screen.getByTestId('files-tree')).toHaveTextContent('test_entry')
  })
})
