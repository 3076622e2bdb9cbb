/**
 * One JSON document in one file. Reads validate with zod; an unreadable file (not JSON, or not
 * the schema's shape) is moved aside, never silently overwritten, and the store starts empty.
 * Updates are serialised read-modify-write cycles, each written with the atomic write, so a
 * crash leaves the old or the new file.
 */
import { mkdir, readFile, rename } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import type { z } from 'zod'
import type { Logger } from '../logging'
import { writeFileAtomic } from './atomic-write'

export interface JsonStore<T> {
  /** The document; undefined when there is none yet (or it was unreadable and moved aside). */
  read(): Promise<T | undefined>
  /** Applies `change` to the current document after all earlier updates, and persists it. */
  update(change: (current: T | undefined) => T): Promise<T>
}

export interface JsonStoreOptions<T> {
  path: string
  /** Validates what is read; its output is what `read` returns and what `update` writes. */
  schema: z.ZodType<T>
  logger: Logger
  /** File mode of the document; 0600 unless said otherwise. */
  mode?: number
}

/** A store for the document at `options.path`; its folder is created on the first write. */
export function createJsonStore<T>(options: JsonStoreOptions<T>): JsonStore<T> {
  const { path, schema, logger } = options
  const file = basename(path)
  let loading: Promise<T | undefined> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  /** Reads the file once; later calls share the result, which updates then replace. */
  function load(): Promise<T | undefined> {
    loading ??= readDocument().catch((error: unknown) => {
      // A read that failed (permissions, I/O) is tried again next time instead of cached.
      loading = undefined
      throw error
    })
    return loading
  }

  async function readDocument(): Promise<T | undefined> {
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
    const parsed = schema.safeParse(safeJson(text))
    if (parsed.success) return parsed.data
    await moveAside(`not a ${file} document`)
    return undefined
  }

  async function moveAside(why: string): Promise<void> {
    const aside = `${path}.damaged-${Date.now()}`
    logger.warn('moved an unreadable file aside', { file, why, aside })
    await rename(path, aside).catch(() => undefined)
  }

  return {
    async read() {
      await queue
      return load()
    },
    update(change) {
      const run = queue.then(async () => {
        const next = change(await load())
        await mkdir(dirname(path), { recursive: true })
        await writeFileAtomic(path, JSON.stringify(next), { mode: options.mode ?? 0o600 })
        // Only a written document becomes the current one: a failed write changes nothing.
        loading = Promise.resolve(next)
        return next
      })
      queue = run.catch(() => undefined)
      return run
    },
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
