import { open, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../shared/errors'
import type { FileItem, FilePreview } from '../../../shared/ipc/channels/raw-files'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { safeJoin } from '../storage/safe-join'
import { shapeChunk } from './file-chunk'
import type { FolderListing } from './folder-index'

/**
 * The raw files a pin kept on this computer (downloaded by the download manager into the
 * library's folder as `<root>/<upload id>/<path in upload>`), browsed like the server's while
 * it cannot be reached. Unfinished downloads (`*.part`, the staging folder) are not shown.
 */

/** Where a server's pinned raw files go: one folder per server in the data folder. */
export function keptFilesRoot(dataDir: string, serverId: string): string {
  return safeJoin(join(dataDir, 'offline-files'), serverId)
}

const hidden = (name: string) => name.endsWith('.part') || name.startsWith('.nomad-')
const isMissing = (error: unknown) =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ||
  (error as NodeJS.ErrnoException | undefined)?.code === 'ENOTDIR'

async function folderBytes(dir: string): Promise<number> {
  let total = 0
  for (const item of await readdir(dir, { withFileTypes: true })) {
    if (hidden(item.name)) continue
    const at = join(dir, item.name)
    total += item.isDirectory() ? await folderBytes(at) : (await stat(at)).size
  }
  return total
}

/** A kept folder as a listing in name order, or undefined when nothing of it is kept. */
export async function keptListing(
  root: string,
  uploadId: string,
  path: string,
): Promise<FolderListing | undefined> {
  const dir = safeJoin(root, path === '' ? uploadId : `${uploadId}/${path}`)
  let names
  try {
    names = await readdir(dir, { withFileTypes: true })
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
  const items: FileItem[] = []
  for (const item of names) {
    if (hidden(item.name)) continue
    const at = join(dir, item.name)
    const isFile = !item.isDirectory()
    items.push({
      name: item.name,
      path: path === '' ? item.name : `${path}/${item.name}`,
      isFile,
      size: isFile ? (await stat(at)).size : await folderBytes(at),
    })
  }
  items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return { path, access: 'kept on this computer', items }
}

/** A preview of a kept file, or undefined when it is not kept. */
export async function keptPreview(
  root: string,
  input: HandlerInput<'rawFiles.preview'>,
): Promise<FilePreview | undefined> {
  const file = safeJoin(root, `${input.uploadId}/${input.path}`)
  let size: number
  try {
    const info = await stat(file)
    if (info.isDirectory())
      throw new AppError('invalid_input', `"${input.path}" is a folder; open it instead.`)
    size = info.size
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
  if (input.decompress)
    throw new AppError(
      'network',
      `Unpacking "${input.path}" is done by the server, which cannot be reached; the packed file is kept on this computer.`,
    )
  return shapeChunk(input, size, async () => {
    const handle = await open(file, 'r')
    try {
      const buffer = Buffer.alloc(Math.max(0, Math.min(input.length, size - input.offset)))
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, input.offset)
      return new Uint8Array(buffer.subarray(0, bytesRead))
    } finally {
      await handle.close()
    }
  })
}
