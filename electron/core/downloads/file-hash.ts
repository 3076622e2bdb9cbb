import { createHash, type Hash } from 'node:crypto'
import { createReadStream } from 'node:fs'

/** Feeds the first `end` bytes of a file (all of it without `end`) into `hash`. */
export async function hashInto(hash: Hash, path: string, end?: number): Promise<void> {
  if (end === 0) return
  const stream = createReadStream(path, end === undefined ? {} : { end: end - 1 })
  for await (const chunk of stream) hash.update(chunk as Buffer)
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
