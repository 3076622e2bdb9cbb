import { createHash, type Hash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'

/** Feeds the first `end` bytes of a file (all of it without `end`) into `hash`; the count fed. */
export async function hashInto(hash: Hash, path: string, end?: number): Promise<number> {
  if (end === 0) return 0
  const stream = createReadStream(path, end === undefined ? {} : { end: end - 1 })
  let fed = 0
  for await (const chunk of stream) {
    hash.update(chunk as Buffer)
    fed += (chunk as Buffer).length
  }
  return fed
}

/** The sha256 of a file, hex; null when it cannot be read. */
export async function sha256OfFile(path: string): Promise<string | null> {
  const hash = createHash('sha256')
  try {
    await hashInto(hash, path)
  } catch {
    return null
  }
  return hash.digest('hex')
}

/** fsyncs a file written through a stream that has closed (Linux flushes a file, not an fd). */
export async function syncFile(path: string): Promise<void> {
  const file = await open(path, 'r+')
  try {
    await file.sync()
  } finally {
    await file.close()
  }
}
