import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  openSync,
  fsyncSync,
  closeSync,
} from 'node:fs'
import { join } from 'node:path'
import type { PersistentPart } from './types'

/**
 * Saves registered mutable parts (PATs, groups, upload members) to one JSON file in the data
 * directory, atomically: write a temp file, fsync it, rename over the old one. A crash leaves
 * either the old or the new state, never a torn file. Without a data directory it is a no-op.
 */
export class PersistentStore {
  private readonly parts = new Map<string, PersistentPart>()
  private loaded: Record<string, unknown> = {}
  private timer: NodeJS.Timeout | null = null
  private readonly file: string | null

  constructor(
    dataDir: string | undefined,
    private readonly onError: (error: unknown) => void,
  ) {
    this.file = dataDir ? join(dataDir, 'sandbox-state.json') : null
    if (!dataDir || !this.file) return
    mkdirSync(dataDir, { recursive: true })
    if (existsSync(this.file)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'))
        if (parsed && typeof parsed === 'object' && 'parts' in parsed) {
          const parts = parsed.parts
          if (parts && typeof parts === 'object') this.loaded = parts as Record<string, unknown>
        }
      } catch (error) {
        // A corrupt file must not stop the sandbox from starting; start fresh and say so.
        this.onError(error)
      }
    }
  }

  /** Registers a part and hands it its saved state, if any. */
  register(key: string, part: PersistentPart): void {
    this.parts.set(key, part)
    if (key in this.loaded) part.load(this.loaded[key])
  }

  /** Debounced save: many edits in one tick produce one write. */
  schedule(): void {
    if (!this.file || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.saveNow()
    }, 20)
  }

  /** Writes immediately (used on close so that nothing scheduled is lost). */
  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
      this.saveNow()
    }
  }

  private saveNow(): void {
    if (!this.file) return
    const parts: Record<string, unknown> = { ...this.loaded }
    for (const [key, part] of this.parts) parts[key] = part.toJSON()
    const temp = `${this.file}.${process.pid}.tmp`
    try {
      // Owner-only: the state holds the secret that signs the sandbox's access tokens.
      writeFileSync(temp, JSON.stringify({ version: 1, parts }, null, 2), { mode: 0o600 })
      const fd = openSync(temp, 'r')
      fsyncSync(fd)
      closeSync(fd)
      renameSync(temp, this.file)
    } catch (error) {
      this.onError(error)
    }
  }
}
