import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FileItem, FilePreview, FolderPage } from '../../../../shared/ipc/channels/raw-files'
import type { IpcResult } from '../../../../shared/ipc/result'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { createFakeTransport } from '../../../test-support/fake-transport'
import { FileBrowser } from './file-browser'

const ENTRY = {
  serverId: 's1',
  entryId: 'e1',
  uploadId: 'u1',
  uploadName: 'Oxides',
  mainfile: 'TiO2/rutile/vasprun.xml',
}

const file = (folder: string, name: string, size: number, extra: Partial<FileItem> = {}) => ({
  name,
  path: folder === '' ? name : `${folder}/${name}`,
  isFile: true,
  size,
  ...extra,
})

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
        access: 'public',
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

function setup(
  list: (input: { path: string; page: number; pageSize: number }) => IpcResult<unknown>,
  preview: (input: { path: string }) => IpcResult<FilePreview> = () => ({
    ok: false,
    error: { code: 'internal', message: 'no preview in this test' },
  }),
) {
  const fake = createFakeTransport({
    'rawFiles.list': (input) => list(input as { path: string; page: number; pageSize: number }),
    'rawFiles.preview': (input) => preview(input as { path: string }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <FileBrowser entry={ENTRY} onClose={() => undefined} />
    </AppProviders>,
  )
  const listed = () =>
    fake.calls
      .filter((c) => c.channel === 'rawFiles.list')
      .map((c) => c.input as { path: string; page: number })
  return { listed }
}

const items = () => screen.getAllByTestId('files-item').map((el) => el.dataset.name)

describe('FileBrowser', () => {
  it("opens at the main file's folder with breadcrumbs to the root and the main file marked", async () => {
    const user = userEvent.setup()
    const { listed } = setup(({ path, ...rest }) =>
      path === 'TiO2/rutile'
        ? folder(path, [
            file(path, 'INCAR', 600),
            file(path, 'vasprun.xml', 3_400_000, { entryId: 'e1' }),
          ])(rest)
        : folder(path, [
            { name: 'TiO2', path: 'TiO2', isFile: false, size: 9_000_000 },
            file('', 'README.md', 900),
          ])(rest),
    )
    await waitFor(() => expect(items()).toEqual(['INCAR', 'vasprun.xml']))
    expect(listed()[0]).toMatchObject({ path: 'TiO2/rutile', page: 1 })
    const main = screen.getAllByTestId('files-item').find((el) => el.dataset.mainfile === 'true')
    expect(main).toHaveTextContent('main file')
    expect(main).toHaveTextContent('3.2 MiB')
    expect(screen.getByTestId('files-breadcrumbs')).toHaveTextContent('Upload root/TiO2/rutile')
    await user.click(screen.getAllByTestId('files-crumb')[0] as HTMLElement)
    await waitFor(() => expect(items()).toEqual(['TiO2', 'README.md']))
    await user.click(screen.getAllByTestId('files-item')[0] as HTMLElement)
    await waitFor(() => expect(listed().at(-1)).toMatchObject({ path: 'TiO2' }))
  })

  it('loads a long folder page by page', async () => {
    const user = userEvent.setup()
    const many = Array.from({ length: 230 }, (_, i) =>
      file('TiO2/rutile', `step-${String(i).padStart(3, '0')}.out`, 100),
    )
    const { listed } = setup(({ path, ...rest }) => folder(path, many)(rest))
    await waitFor(() => expect(items()).toHaveLength(100))
    expect(screen.getByText('100 of 230 shown')).toBeInTheDocument()
    await user.click(screen.getByTestId('files-load-more'))
    await waitFor(() => expect(items()).toHaveLength(200))
    await user.click(screen.getByTestId('files-load-more'))
    await waitFor(() => expect(items()).toHaveLength(230))
    expect(screen.queryByTestId('files-load-more')).not.toBeInTheDocument()
    expect(listed().map((c) => c.page)).toEqual([1, 2, 3])
    // 230 rows rendered three times in jsdom: ~2 s on an idle machine, over the 5 s default on a
    // loaded 2-core one. The assertions, not the speed, are what this test is about.
  }, 30_000)

  it('previews text with how much is shown, and names binary files', async () => {
    const user = userEvent.setup()
    setup(
      ({ path, ...rest }) =>
        folder(path, [file(path, 'OUTCAR', 500_000), file(path, 'WAVECAR', 2_000_000)])(rest),
      ({ path }) =>
        path.endsWith('OUTCAR')
          ? {
              ok: true,
              value: {
                path,
                name: 'OUTCAR',
                size: 500_000,
                shown: 65_536,
                offset: 0,
                decompressed: false,
                kind: 'text',
                encoding: 'utf-8',
                text: ' running on 4 nodes',
              },
            }
          : {
              ok: true,
              value: {
                path,
                name: 'WAVECAR',
                size: 2_000_000,
                shown: 65_536,
                offset: 0,
                decompressed: false,
                kind: 'binary',
              },
            },
    )
    await waitFor(() => expect(items()).toEqual(['OUTCAR', 'WAVECAR']))
    await user.click(screen.getAllByTestId('files-item')[0] as HTMLElement)
    const preview = await screen.findByTestId('preview-text')
    expect(preview).toHaveTextContent('running on 4 nodes')
    expect(screen.getByTestId('preview-note')).toHaveTextContent(
      'Showing the first 64 KiB of 488 KiB.',
    )
    await user.click(screen.getAllByTestId('files-item')[1] as HTMLElement)
    expect(await screen.findByTestId('preview-binary')).toHaveTextContent(
      'Binary file, 1.9 MiB (2,000,000 bytes)',
    )
    expect(screen.queryByTestId('preview-text')).not.toBeInTheDocument()
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
})
