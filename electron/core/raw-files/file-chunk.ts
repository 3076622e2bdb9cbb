import { isRawdirDirectory } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { FilePreview } from '../../../shared/ipc/channels/raw-files'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type { NomadClient } from '../api/nomad-client'
import { sniffText } from './text-sniff'

/**
 * One chunk of a file of an upload: `length` bytes from `offset` (of the unpacked content with
 * `decompress`), as text cut at its last line end so that "load more" continues on a line
 * boundary, or a whole image as a data URL. Only the chunk crosses the network.
 */
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
}

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

/** The bytes up to and including the last line end, when there is one. */
function toLineEnd(bytes: Uint8Array): Uint8Array {
  const end = bytes.lastIndexOf(10)
  return end < 0 ? bytes : bytes.subarray(0, end + 1)
}

export async function readChunk(
  client: NomadClient,
  input: HandlerInput<'rawFiles.preview'>,
  signal: AbortSignal,
): Promise<FilePreview> {
  const what = `the file "${input.path}" of upload ${input.uploadId}`
  // The size comes from the listing form of the same path (unless the caller knows it from the
  // folder's listing); the bytes from the raw route. Both at once: one round trip of waiting
  // instead of two.
  const both = new AbortController()
  const abort = () => both.abort()
  signal.addEventListener('abort', abort, { once: true })
  const options = { lane: 'interactive' as const, signal: both.signal, label: what }
  const size =
    input.size === undefined
      ? client.files.uploadRawdir(input.uploadId, input.path, undefined, options).then((info) => {
          if (isRawdirDirectory(info))
            throw new AppError('invalid_input', `"${input.path}" is a folder; open it instead.`)
          return info.file_metadata.size
        })
      : Promise.resolve(input.size)
  const bytes = client.files.uploadRawFile(
    input.uploadId,
    input.path,
    {
      offset: input.offset,
      length: input.length,
      ignore_mime_type: true,
      ...(input.decompress ? { decompress: true } : {}),
    },
    (body) => firstBytes(body, input.length),
    options,
  )
  // Handled here so a failure while `size` is still pending is never "unhandled"; it is
  // reported below through `await bytes` when it matters.
  bytes.catch(() => undefined)
  try {
    return await shapeChunk(input, await size, () => bytes)
  } finally {
    signal.removeEventListener('abort', abort)
    both.abort() // whatever is still running is no longer needed
  }
}

/**
 * A preview from a file's size and its bytes from `offset` (read only when needed): text cut at
 * its last line end when more follows, an image whole, or what it is when it is neither. Shared
 * by the server's raw files and the raw files kept on this computer (offline).
 */
export async function shapeChunk(
  input: HandlerInput<'rawFiles.preview'>,
  size: number,
  read: () => Promise<Uint8Array>,
): Promise<FilePreview> {
  const base = {
    path: input.path,
    name: baseName(input.path),
    size,
    offset: input.offset,
    decompressed: input.decompress,
  }
  if (input.asImage) {
    const type = IMAGE_TYPES[input.path.slice(input.path.lastIndexOf('.') + 1).toLowerCase()]
    if (!type) throw new AppError('invalid_input', `"${input.path}" is not an image type.`)
    if (size > input.length)
      throw new AppError(
        'invalid_input',
        `The image is ${size} bytes, more than the ${input.length} bytes asked for.`,
      )
    const image = await read()
    const dataUrl = `data:${type};base64,${Buffer.from(image).toString('base64')}`
    return { ...base, shown: image.length, kind: 'image', dataUrl }
  }
  const empty = size === 0 || (!input.decompress && input.offset >= size)
  const head = empty ? new Uint8Array() : await read()
  // More follows when the chunk came back full (the unpacked size is not known).
  const more = input.decompress ? head.length >= input.length : input.offset + head.length < size
  if (head.length === 0) return { ...base, shown: 0, kind: 'empty' }
  const sniffed = sniffText(head, more)
  if (sniffed.kind !== 'text') return { ...base, shown: head.length, kind: sniffed.kind }
  const kept = more ? toLineEnd(head) : head
  const text = kept === head ? sniffed : sniffText(kept, false)
  if (text.kind !== 'text') return { ...base, shown: head.length, kind: text.kind }
  return {
    ...base,
    shown: kept.length,
    kind: 'text',
    encoding: text.encoding,
    text: text.text,
    ...(more ? { nextOffset: input.offset + kept.length } : {}),
  }
}
