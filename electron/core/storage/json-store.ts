/**
 * A small JSON document per concern (saved searches, history, last search state) under
 * <dataDir>/search/, keyed by server id. Reads validate with zod; an unreadable file is moved
 * aside (never silently overwritten) and the store starts empty. Writes are atomic (temp file,
 * rename) and serialised, so a crash leaves the old or the new file.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import type { Logger } from '../logging'

export interface PerServerStore<T> {
  get(serverId: string): Promise<T | undefined>
  /** Applies `change` to the server's current value and persists the result. */
  update(serverId: string, change: (current: T | undefined) => T): Promise<T>
}

export function createPerServerStore<T>(options: {
  dataDir: string
  file: string
  schema: z.ZodType<T>
  logger: Logger
}): PerServerStore<T> {
  const path = join(options.dataDir, 'search', options.file)
  const docSchema = z.strictObject({
    version: z.literal(1),
    servers: z.record(z.string(), z.unknown()),
  })
  let cache: Map<string, T> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  async function load(): Promise<Map<string, T>> {
    if (cache) return cache
    const map = new Map<string, T>()
    let text: string | undefined
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    if (text !== undefined) {
      const doc = docSchema.safeParse(safeJson(text))
      if (!doc.success) {
        await moveAside(`not a ${options.file} document`)
      } else {
        for (const [serverId, value] of Object.entries(doc.data.servers)) {
          const parsed = options.schema.safeParse(value)
          // One damaged server slot must not cost the others theirs.
          if (parsed.success) map.set(serverId, parsed.data)
          else options.logger.warn('dropped an unreadable entry', { file: options.file, serverId })
        }
      }
    }
    cache = map
    return map
  }

  async function moveAside(why: string): Promise<void> {
    const aside = `${path}.damaged-${Date.now()}`
    options.logger.warn('moved an unreadable file aside', { file: options.file, why, aside })
    await rename(path, aside).catch(() => undefined)
  }

  async function save(map: Map<string, T>): Promise<void> {
    await mkdir(dirname(path), { recursive: true })
    const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`
    const doc = { version: 1, servers: Object.fromEntries(map) }
    await writeFile(temp, JSON.stringify(doc), { mode: 0o600 })
    await rename(temp, path)
  }

  return {
    async get(serverId) {
      await queue
      return (await load()).get(serverId)
    },
    update(serverId, change) {
      const run = queue.then(async () => {
        const map = await load()
        const next = change(map.get(serverId))
        map.set(serverId, next)
        await save(map)
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
