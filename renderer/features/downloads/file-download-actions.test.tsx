import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { DownloadSpec } from '../../../shared/ipc/channels/downloads'
import type { FileItem, FolderPage } from '../../../shared/ipc/channels/raw-files'
import { AppProviders } from '../../app/providers'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport } from '../../test-support/fake-transport'
import { stubLayoutSize } from '../../test-support/layout-size'
import { FileBrowser } from '../uploads/files/file-browser'
import { FileDownloadActions } from './file-download-actions'
import { StartDownloadProvider } from './start-download'
import { downloadPlan, ok } from './test-fixtures'

const item = (path: string, isFile = true): FileItem => ({
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  isFile,
  size: 10,
})

const FOLDERS: Record<string, FileItem[]> = {
  '': [item('data', false), item('README.md')],
  data: [item('data/a.txt'), item('data/b.txt'), item('data/c.txt')],
}

function page(path: string, pageNo: number, pageSize: number): FolderPage {
  const all = FOLDERS[path] ?? []
  const items = all.slice((pageNo - 1) * pageSize, pageNo * pageSize)
  return {
    uploadId: 'u1',
    path,
    access: 'public',
    total: all.length,
    page: pageNo,
    pageSize,
    items,
    hasMore: pageNo * pageSize < all.length,
    indexed: false,
  }
}

/** The browser as the upload page shows it (with its whole-upload button), or as a modal. */
function renderBrowser(offerWholeUpload: boolean) {
  const fake = createFakeTransport({
    'app.info': () =>
      ok({ name: 'NOMAD Desktop', version: '0.1.0', mode: 'web', platform: 'linux' }),
    'settings.get': () =>
      ok({ appearance: { theme: 'light' }, downloads: { lastDestinations: { s1: '/data' } } }),
    'rawFiles.list': (input) => {
      const { path, page: p, pageSize } = input as { path: string; page: number; pageSize: number }
      return ok(page(path, p, pageSize))
    },
    // As the engine plans an upload's paths: no entry is counted.
    'downloads.plan': (input) =>
      ok(
        downloadPlan({ destination: (input as DownloadSpec).destination, entries: 0, uploads: 1 }),
      ),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <StartDownloadProvider onShowDownloads={() => undefined}>
        <FileBrowser
          embedded
          entry={{ serverId: 's1', uploadId: 'u1', uploadName: 'Oxides', mainfile: undefined }}
          startFolder="data"
          selectionActions={(selected, folder) => (
            <FileDownloadActions
              serverId="s1"
              uploadId="u1"
              uploadName="Oxides"
              selected={selected}
              folder={folder}
              offerWholeUpload={offerWholeUpload}
            />
          )}
        />
      </StartDownloadProvider>
    </AppProviders>,
  )
  /** The source and label of the last plan the dialog asked the engine for. */
  const lastPlan = async () => {
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'downloads.plan')).toBe(true), {
      timeout: 4000,
    })
    const plans = fake.calls.filter((c) => c.channel === 'downloads.plan')
    return plans.at(-1)?.input as DownloadSpec
  }
  return { lastPlan, calls: () => fake.calls }
}

const row = (name: string) =>
  within(screen.getByTestId('files-list'))
    .getAllByTestId('files-item')
    .find((el) => el.dataset.name === name) as HTMLElement

stubLayoutSize()

describe("the file browser's download actions", () => {
  it('downloads the folder shown when nothing is selected', async () => {
    const user = userEvent.setup()
    const { lastPlan } = renderBrowser(false)
    await waitFor(() => expect(row('a.txt')).toBeDefined())
    expect(screen.queryByTestId('files-download-upload')).toBeNull()
    await user.click(
      screen.getByRole('button', { name: 'Download folder data (the folder shown here)' }),
    )
    expect((await lastPlan()).source).toEqual({
      kind: 'upload-paths',
      uploadId: 'u1',
      paths: ['data'],
    })
    expect(screen.getByTestId('plan-label')).toHaveValue('data · Oxides')
    expect(await screen.findByTestId('plan-chosen', {}, { timeout: 4000 })).toHaveTextContent(
      /^1 folder$/,
    )
  })

  it('downloads one selected file, reached and pressed with the keyboard', async () => {
    const user = userEvent.setup()
    const { lastPlan } = renderBrowser(false)
    await waitFor(() => expect(row('b.txt')).toBeDefined())
    await user.click(row('b.txt'))
    const button = screen.getByRole('button', { name: 'Download file b.txt' })
    button.focus()
    await user.keyboard('{Enter}')
    expect((await lastPlan()).source).toEqual({
      kind: 'upload-paths',
      uploadId: 'u1',
      paths: ['data/b.txt'],
    })
    expect(screen.getByTestId('plan-source')).toHaveTextContent('data/b.txt from upload u1')
  })

  it('downloads a Ctrl-selection of several files as one job', async () => {
    const user = userEvent.setup()
    const { lastPlan } = renderBrowser(false)
    await waitFor(() => expect(row('c.txt')).toBeDefined())
    await user.click(row('a.txt'))
    await user.keyboard('{Control>}')
    await user.click(row('c.txt'))
    await user.keyboard('{/Control}')
    await user.click(screen.getByTestId('files-download-selection'))
    expect((await lastPlan()).source).toEqual({
      kind: 'upload-paths',
      uploadId: 'u1',
      paths: ['data/a.txt', 'data/c.txt'],
    })
    expect(screen.getByTestId('plan-label')).toHaveValue('2 items · Oxides')
    expect(screen.getByTestId('plan-source')).toHaveTextContent('2 files or folders of upload u1')
    // The plan says what was chosen and from which upload, not "Entries 0".
    expect(await screen.findByTestId('plan-chosen', {}, { timeout: 4000 })).toHaveTextContent(
      /^2 files$/,
    )
    expect(screen.getByTestId('plan-upload')).toHaveTextContent('Oxides')
    expect(screen.getByTestId('plan-upload-id')).toHaveTextContent('u1')
    expect(screen.queryByTestId('plan-entries')).toBeNull()
  })

  it('offers the whole upload on the upload page, and at the root downloads only that', async () => {
    const user = userEvent.setup()
    const { lastPlan } = renderBrowser(true)
    await waitFor(() => expect(row('a.txt')).toBeDefined())
    await user.click(screen.getByRole('button', { name: 'Download upload Oxides (every file)' }))
    expect((await lastPlan()).source).toEqual({ kind: 'upload', uploadId: 'u1' })
    expect(await screen.findByTestId('plan-chosen', {}, { timeout: 4000 })).toHaveTextContent(
      'The whole upload',
    )
    await user.keyboard('{Escape}')
    await user.click(screen.getByTestId('files-crumb'))
    await waitFor(() => expect(row('README.md')).toBeDefined())
    // At the root "this folder" is the upload: one button, not two that do the same.
    expect(screen.getAllByRole('button', { name: /^Download/ })).toHaveLength(1)
  })
})
