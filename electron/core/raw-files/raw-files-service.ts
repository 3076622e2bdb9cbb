/**
 * Browsing an upload's raw files: folder pages from GET /uploads/{id}/rawdir/{path} and the
 * first bytes of a file from GET /uploads/{id}/raw/{path}?offset=0&length=N, both through the
 * server's client (scheduler, credentials) on the interactive lane: someone is looking.
 */
import { isRawdirDirectory } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { FilePreview, FolderPage } from '../../../shared/ipc/channels/raw-files'
import type { ApiRegistry } from '../api/client-registry'
import { sniffText } from './text-sniff'

const join = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`)
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** Reads a streamed body until `limit` bytes; the server honours `length`, this guards it. */
async function firstBytes(body: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of body) {
    chunks.push(chunk)
    total += chunk.length
    if (total >= limit) break
  }
  const out = new Uint8Array(Math.min(total, limit))
  let at = 0
  for (const chunk of chunks) {
    const part = chunk.subarray(0, out.length - at)
    out.set(part, at)
    at += part.length
    if (at >= out.length) break
  }
  return out
}

export function createRawFilesService(api: ApiRegistry) {
  async function list(
    input: { serverId: string; uploadId: string; path: string; page: number; pageSize: number },
    signal: AbortSignal,
  ): Promise<FolderPage> {
    const client = await api.clientFor(input.serverId)
    const answer = await client.files.uploadRawdir(
      input.uploadId,
      input.path,
      { page: input.page, page_size: input.pageSize, include_entry_info: true },
      {
        lane: 'interactive',
        signal,
        label: `the folder "${input.path || '/'}" of upload ${input.uploadId}`,
      },
    )
    if (!isRawdirDirectory(answer))
      throw new AppError('invalid_input', `"${input.path}" is a file, not a folder.`)
    const { content } = answer.directory_metadata
    const total = answer.pagination.total
    return {
      uploadId: input.uploadId,
      path: answer.path,
      access: answer.access,
      total,
      page: answer.pagination.page,
      pageSize: answer.pagination.page_size,
      items: content.map((item) => ({
        name: item.name,
        path: join(answer.path, item.name),
        isFile: item.is_file,
        size: item.size,
        ...(item.entry_id === undefined ? {} : { entryId: item.entry_id }),
        ...(item.parser_name === undefined ? {} : { parserName: item.parser_name }),
      })),
      hasMore: (answer.pagination.page - 1) * answer.pagination.page_size + content.length < total,
    }
  }

  async function preview(
    input: { serverId: string; uploadId: string; path: string; length: number },
    signal: AbortSignal,
  ): Promise<FilePreview> {
    const client = await api.clientFor(input.serverId)
    const options = { lane: 'interactive' as const, signal }
    const what = `the file "${input.path}" of upload ${input.uploadId}`
    // The size comes from the listing form of the same path; the bytes from the raw route.
    // Both at once: one round trip of waiting instead of two.
    const both = new AbortController()
    const abort = () => both.abort()
    signal.addEventListener('abort', abort, { once: true })
    const shared = { ...options, signal: both.signal }
    const meta = client.files.uploadRawdir(input.uploadId, input.path, undefined, {
      ...shared,
      label: what,
    })
    const bytes = client.files.uploadRawFile(
      input.uploadId,
      input.path,
      { offset: 0, length: input.length, ignore_mime_type: true },
      (body) => firstBytes(body, input.length),
      { ...shared, label: what },
    )
    // Handled here so a failure while `meta` is still pending is never "unhandled"; it is
    // reported below through `await bytes` when it matters.
    bytes.catch(() => undefined)
    try {
      const info = await meta
      if (isRawdirDirectory(info))
        throw new AppError('invalid_input', `"${input.path}" is a folder; open it instead.`)
      const size = info.file_metadata.size
      const head = size === 0 ? new Uint8Array() : await bytes
      const sniffed = sniffText(head, head.length < size)
      return {
        path: input.path,
        name: baseName(input.path),
        size,
        shown: head.length,
        kind: sniffed.kind,
        ...(sniffed.kind === 'text' ? { encoding: sniffed.encoding, text: sniffed.text } : {}),
      }
    } finally {
      signal.removeEventListener('abort', abort)
      both.abort() // whatever is still running is no longer needed
    }
  }

  return { list, preview }
}
