import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../storage/atomic-write'
import {
  pinRecordSchema,
  pinSourceSchema,
  storedEntrySchema,
  type EntryHead,
  type PinRecord,
} from './library-records'
import { recordBytes, type OfflineLibrary } from './offline-library'

/**
 * A pin as one portable file (docs/offline.md, "Export and import"): JSON Lines. The first
 * line is the header (format name, version, the pin and its server's name and address); every
 * further line is one entry, its metadata and archive summary. JSON Lines because both sides
 * stream it (a pin of 200 000 entries never has to be one string in memory), a damaged line is
 * named by its number, and the file opens in any editor or `jq`; a zip would add a dependency
 * and a second layer for no gain here (the entries are JSON already).
 *
 * An import reads the file twice: first it checks every line, and only a file that passes is
 * written, a chunk of entries per transaction under a pin marked incomplete, the last
 * transaction marking it complete. A failure while writing removes what was written.
 */

export const PIN_FILE_FORMAT = 'nomad-desktop-pin'
export const PIN_FILE_VERSION = 1
/** The suggested file name ending. */
export const PIN_FILE_EXTENSION = '.nomad-pin.jsonl'

const headerSchema = z.object({
  format: z.literal(PIN_FILE_FORMAT),
  version: z.literal(PIN_FILE_VERSION),
  exportedAt: z.number(),
  app: z.string(),
  server: z.object({ name: z.string(), baseUrl: z.string().min(1) }),
  pin: z.object({
    label: z.string(),
    source: pinSourceSchema,
    limit: z.number().int().positive(),
    archiveRequired: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.number(),
    syncedAt: z.number().optional(),
  }),
  entries: z.number().int().nonnegative(),
})
type Header = z.infer<typeof headerSchema>

const lineSchema = z.object({
  doc: storedEntrySchema.shape.doc,
  archive: z.record(z.string(), z.unknown()).optional(),
})

/** Entries per import transaction. */
const CHUNK = 500

export async function exportPin(
  library: OfflineLibrary,
  pin: PinRecord,
  server: { name: string; baseUrl: string },
  path: string,
  appVersion: string,
): Promise<{ path: string; entries: number; bytes: number }> {
  const kept = function* () {
    for (const entry of library.entriesOf(pin.serverId))
      if (entry.pins.includes(pin.pinId)) yield entry
  }
  // With its archive summary, read as the line is written.
  const full = (entry: EntryHead) => library.entry(pin.serverId, entry.doc.entry_id)
  let count = 0
  for (const _ of kept()) count += 1
  const header: Header = {
    format: PIN_FILE_FORMAT,
    version: PIN_FILE_VERSION,
    exportedAt: Date.now(),
    app: `NOMAD Desktop ${appVersion}`,
    server,
    pin: {
      label: pin.label,
      source: pin.source,
      limit: pin.limit,
      archiveRequired: pin.archiveRequired,
      createdAt: pin.createdAt,
      ...(pin.syncedAt !== undefined ? { syncedAt: pin.syncedAt } : {}),
    },
    entries: count,
  }
  // Streamed a line at a time: a pin of 200 000 entries is never one string in memory.
  function* lines() {
    yield `${JSON.stringify(header)}\n`
    for (const head of kept()) {
      const entry = full(head)
      if (entry === undefined) continue
      yield `${JSON.stringify({ doc: entry.doc, ...(entry.archive ? { archive: entry.archive } : {}) })}\n`
    }
  }
  try {
    await writeFileAtomic(path, lines(), { mode: 0o644 })
  } catch (error) {
    throw new AppError(
      'unavailable',
      `The pin could not be written to ${path}: ${(error as Error).message}.`,
      { path: ['path'] },
    )
  }
  return { path, entries: count, bytes: (await stat(path)).size }
}

async function* readLines(path: string): AsyncGenerator<string> {
  const input = createReadStream(path, { encoding: 'utf8' })
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) yield line
  } finally {
    input.destroy()
  }
}

/** Why the header line is refused, as a sentence naming the file. */
function headerProblem(path: string, line: string | undefined): string | Header {
  const what = `${path} is not a NOMAD Desktop pin file`
  if (line === undefined || line.trim() === '') return `${what}: it is empty.`
  let raw: unknown
  try {
    raw = JSON.parse(line)
  } catch {
    return `${what}: its first line is not JSON.`
  }
  const format = (raw as { format?: unknown } | null)?.format
  const version = (raw as { version?: unknown } | null)?.version
  if (format !== PIN_FILE_FORMAT)
    return typeof format === 'string'
      ? `${what}: it says it is "${format.slice(0, 80)}", made by another program.`
      : `${what}: its first line has no "format": "${PIN_FILE_FORMAT}".`
  if (typeof version !== 'number' || !Number.isInteger(version))
    return `${what}: its header has no version number.`
  if (version > PIN_FILE_VERSION)
    return `${path} was written by a newer NOMAD Desktop (pin file version ${version}); this one reads version ${PIN_FILE_VERSION}. Update the app to import it.`
  if (version < PIN_FILE_VERSION)
    return `${path} is a pin file of version ${version}, which no NOMAD Desktop wrote; this one reads version ${PIN_FILE_VERSION}.`
  const parsed = headerSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return `${what}: its header's ${issue?.path.join('.') || 'content'} is invalid (${issue?.message ?? 'unknown'}).`
  }
  return parsed.data
}

/** Checks the whole file; returns its header, or throws naming the first problem. */
async function checkFile(path: string): Promise<Header> {
  let header: Header | undefined
  let number = 0
  let entries = 0
  try {
    for await (const line of readLines(path)) {
      number += 1
      if (number === 1) {
        const checked = headerProblem(path, line)
        if (typeof checked === 'string')
          throw new AppError('invalid_input', checked, { path: ['path'] })
        header = checked
        continue
      }
      if (line.trim() === '') continue
      let raw: unknown
      try {
        raw = JSON.parse(line)
      } catch {
        throw new AppError(
          'invalid_input',
          `Line ${number} of ${path} is not JSON; nothing was imported.`,
          {
            path: ['path'],
          },
        )
      }
      const parsed = lineSchema.safeParse(raw)
      if (!parsed.success)
        throw new AppError(
          'invalid_input',
          `Line ${number} of ${path} is not a pinned entry (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'}); nothing was imported.`,
          { path: ['path'] },
        )
      entries += 1
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new AppError(
      code === 'ENOENT' ? 'not_found' : 'unavailable',
      code === 'ENOENT'
        ? `There is no file ${path}.`
        : `${path} cannot be read: ${(error as Error).message}.`,
      { path: ['path'] },
    )
  }
  if (header === undefined)
    throw new AppError('invalid_input', `${path} is not a NOMAD Desktop pin file: it is empty.`, {
      path: ['path'],
    })
  if (entries !== header.entries)
    throw new AppError(
      'invalid_input',
      `${path} is incomplete: its header announces ${header.entries} entries and it holds ${entries}; nothing was imported.`,
      { path: ['path'] },
    )
  return header
}

/**
 * Adds the file's pin to the library under `serverId` (the profile with the file's server
 * address). Nothing is stored unless the whole file checks out.
 */
export async function importPin(
  library: OfflineLibrary,
  path: string,
  server: (header: { name: string; baseUrl: string }) => { id: string; name: string },
): Promise<PinRecord> {
  const header = await checkFile(path)
  const profile = server(header.server)
  let pin: PinRecord = pinRecordSchema.parse({
    pinId: randomUUID(),
    serverId: profile.id,
    serverName: profile.name,
    label: header.pin.label,
    source: header.pin.source,
    limit: header.pin.limit,
    archiveRequired: header.pin.archiveRequired,
    state: 'paused',
    createdAt: header.pin.createdAt,
    entries: 0,
    bytes: 0,
    phase: 'metadata',
    message: 'The import did not finish; remove this pin and import again, or sync it.',
  })
  const syncedAt = header.pin.syncedAt ?? header.exportedAt
  try {
    let chunk: z.infer<typeof lineSchema>[] = []
    const flush = async (last: boolean) => {
      const lines = chunk
      chunk = []
      pin = await library.write(pin.serverId, (t) => {
        let { entries, bytes } = pin
        for (const line of lines) {
          const old = t.entry(pin.serverId, line.doc.entry_id)
          if (old?.pins.includes(pin.pinId)) continue
          // An entry another pin keeps gains this pin; the newer copy of the two is kept.
          const newer = old !== undefined && old.syncedAt > syncedAt
          const record = {
            doc: newer ? old.doc : line.doc,
            ...((newer ? old.archive : line.archive)
              ? { archive: newer ? old.archive : line.archive }
              : {}),
            pins: [...(old?.pins ?? []), pin.pinId],
            syncedAt: newer ? old.syncedAt : syncedAt,
          }
          t.putEntry(pin.serverId, record)
          entries += 1
          bytes += recordBytes(record)
        }
        const next: PinRecord = { ...pin, entries, bytes }
        if (last) {
          Object.assign(next, { state: 'complete', phase: 'done', syncedAt })
          delete next.message
        }
        t.putPin(next)
        return next
      })
    }
    let first = true
    for await (const line of readLines(path)) {
      if (first) {
        first = false
        continue
      }
      if (line.trim() === '') continue
      chunk.push(lineSchema.parse(JSON.parse(line)))
      if (chunk.length >= CHUNK) await flush(false)
    }
    await flush(true)
    return pin
  } catch (error) {
    await library.removePin(pin.pinId).catch(() => undefined)
    throw new AppError(
      'unavailable',
      `The pin in ${path} could not be stored (${(error as Error).message}); nothing was imported.`,
    )
  }
}
