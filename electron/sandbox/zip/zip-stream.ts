import type { Readable } from 'node:stream'
import { ZipFile } from 'yazl'

/**
 * Streams a zip of generated files. Entries are handed to yazl a few at a time, as earlier
 * ones start, so a 50 000-entry download never holds more than a window of pending files
 * (yazl itself keeps one central-directory record per file). With `compress: false` (STORED)
 * and every size known up front, the total length is reported before the first byte.
 */
export type ZipItem =
  | { path: string; size: number; open: () => Readable; verbatim?: boolean }
  | { path: string; buffer: Buffer }

export interface ZipOptions {
  compress: boolean
  mtime: Date
  /** Called with the exact zip size when it can be known before streaming. */
  onSize?: (bytes: number) => void
  /** Pending entries handed to yazl ahead of the one being written (Infinity: all at once). */
  window?: number
}

export function zipStream(items: Iterable<ZipItem>, options: ZipOptions): Readable {
  const zip = new ZipFile()
  const iterator = items[Symbol.iterator]()
  const window = options.window ?? 32
  let pending = 0
  let done = false
  let aborted = false
  // A PassThrough at run time; @types/yazl only promises NodeJS.ReadableStream.
  const output = zip.outputStream as Readable
  // @types/yazl omits the size argument of the end() callback (yazl 3 passes it).
  const end = zip.end.bind(zip) as (options: object, callback: (size: number) => void) => void
  const rename = verbatimNames(zip)
  output.on('close', () => {
    aborted = true
  })
  // After a client disconnect yazl may still write into the destroyed stream; ignore that.
  output.on('error', () => undefined)

  const feed = () => {
    while (!done && !aborted && pending < window) {
      const next = iterator.next()
      if (next.done) {
        done = true
        end({}, (size) => {
          if (size >= 0) options.onSize?.(size)
        })
        return
      }
      const item = next.value
      pending++
      const entryOptions = { compress: options.compress, mtime: options.mtime }
      if ('buffer' in item) {
        zip.addBuffer(item.buffer, item.path, entryOptions)
        pending--
        continue
      }
      const path = item.verbatim ? rename(item.path) : item.path
      zip.addReadStreamLazy(path, { ...entryOptions, size: item.size }, (callback) => {
        pending--
        callback(null, item.open())
        feed()
      })
    }
  }
  feed()
  return output
}

/** The part of yazl's ZipFile this module reaches into (not in its public types). */
interface YazlEntries {
  entries: { utf8FileName: Buffer }[]
}

/**
 * A careless server's names: yazl refuses absolute paths and `..` parts, so such an entry is
 * added under a placeholder and given its real name as yazl records it, before any byte of its
 * header is written. Only the hostile-names fixture uses this.
 */
function verbatimNames(zip: ZipFile): (path: string) => string {
  const pending = new Map<string, string>()
  const entries = (zip as unknown as YazlEntries).entries
  entries.push = (...added) => {
    for (const entry of added) {
      const real = pending.get(entry.utf8FileName.toString())
      if (real !== undefined) entry.utf8FileName = Buffer.from(real)
    }
    return Array.prototype.push.apply(entries, added)
  }
  return (path) => {
    const placeholder = `verbatim-${pending.size}`
    pending.set(placeholder, path)
    return placeholder
  }
}
