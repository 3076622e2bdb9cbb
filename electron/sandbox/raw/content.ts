import { Readable } from 'node:stream'
import { bigFileChunks, openBigFile } from './big-file'
import type { RawFile } from './layout'
import { PNG_HEIGHT, PNG_WIDTH } from './layout'
import { renderPng } from './png'
import { header, lineSource } from './text-templates'

/**
 * The bytes of a raw file, regenerated from its kind and seed. Text files are built whole
 * (they are at most a few MB) and cut to exactly `size` bytes; binary files are produced in
 * independent 64 KiB blocks so any byte range of a 64 MiB file can be streamed without
 * generating what comes before it.
 */
const BLOCK = 64 * 1024
const textCache = new Map<string, Buffer>()
const TEXT_CACHE_ENTRIES = 16
/** Larger texts are regenerated each time rather than kept (16 × 4 MB mainfiles add up). */
const TEXT_CACHE_MAX_BYTES = 1024 * 1024

function textContent(file: RawFile): Buffer {
  const key = `${file.kind}/${file.seed}/${file.size}/${file.programIndex}/${file.materialIndex ?? '-'}`
  const cached = textCache.get(key)
  if (cached) return cached
  let content: Buffer
  if (file.kind === 'png') content = renderPng(PNG_WIDTH, PNG_HEIGHT, file.seed)
  else {
    const parts = header(file.kind, file.programIndex, file.seed, file.materialIndex)
    let length = parts.reduce((sum, line) => sum + line.length + 1, 0)
    const next = lineSource(file.kind, file.programIndex, file.seed)
    while (length < file.size) {
      const line = next()
      parts.push(line)
      length += line.length + 1
    }
    content = Buffer.from(parts.join('\n') + '\n', 'latin1').subarray(0, file.size)
  }
  if (content.length > TEXT_CACHE_MAX_BYTES) return content
  textCache.set(key, content)
  if (textCache.size > TEXT_CACHE_ENTRIES) {
    const oldest = textCache.keys().next().value
    if (oldest !== undefined) textCache.delete(oldest)
  }
  return content
}

/** One 64 KiB block of a binary file (xorshift32 stream seeded by file and block). */
function binaryBlock(seed: number, block: number): Buffer {
  const words = new Uint32Array(BLOCK / 4)
  let x = (seed ^ Math.imul(block + 1, 0x9e3779b1)) >>> 0 || 1
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    words[i] = x >>> 0
  }
  return Buffer.from(words.buffer)
}

function* binaryChunks(file: RawFile, start: number, end: number): Generator<Buffer> {
  for (let block = Math.floor(start / BLOCK); block * BLOCK < end; block++) {
    const data = binaryBlock(file.seed, block)
    const from = Math.max(0, start - block * BLOCK)
    const to = Math.min(BLOCK, end - block * BLOCK)
    yield from === 0 && to === BLOCK ? data : data.subarray(from, to)
  }
}

/** The byte range [offset, offset + length) of a file (length < 0: to the end), streamed. */
export function openRawFile(file: RawFile, offset = 0, length = -1): Readable {
  const start = Math.min(Math.max(0, offset), file.size)
  const end = length < 0 ? file.size : Math.min(file.size, start + length)
  if (file.source) return Readable.from(file.source.read(start, end), { objectMode: false })
  if (file.kind === 'bulk') return openBigFile(file.size, start, end - start)
  if (file.kind === 'binary')
    return Readable.from(binaryChunks(file, start, end), { objectMode: false })
  const content = textContent(file).subarray(start, end)
  return Readable.from([content], { objectMode: false })
}

/** Whole content (tests, small files). */
export function rawFileBytes(file: RawFile): Buffer {
  if (file.source) return Buffer.concat([...file.source.read(0, file.size)])
  if (file.kind === 'bulk') return Buffer.concat([...bigFileChunks(file.size)])
  if (file.kind !== 'binary') return textContent(file)
  return Buffer.concat([...binaryChunks(file, 0, file.size)])
}

export function mimeType(file: RawFile): string {
  if (file.source) return file.source.mime
  if (file.kind === 'png') return 'image/png'
  if (file.kind === 'binary' || file.kind === 'bulk') return 'application/octet-stream'
  if (file.path.endsWith('.xml')) return 'application/xml'
  if (file.path.endsWith('.csv')) return 'text/csv'
  if (file.path.endsWith('.md')) return 'text/markdown'
  return 'text/plain'
}
