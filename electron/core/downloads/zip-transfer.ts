import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { StreamConsumer } from '../api/api-requester'
import { afterFailure } from './failures'
import { finalizeItems, itemPaths, type VerifiedPart } from './finalize'
import { syncFile } from './file-hash'
import { fail } from './file-transfer'
import type { ItemRecord, UnitRecord } from './job-record'
import type { TransferContext } from './transfer-context'
import { unpackZip } from './zip-reader'

/** Folder inside the destination where zips wait to be unpacked. */
export const STAGING_DIR = '.nomad-partial'
/** Zip members renamed to their final names together (two journal writes per batch). */
const FINALIZE_BATCH = 200

/**
 * A zip of small files: fetched whole into the staging folder (a retry starts it over), then
 * unpacked with yauzl; each wanted member is CRC-checked, fsynced and renamed to its final name.
 * Members are looked up by name among the unit's planned items, so a name the server adds or
 * mangles is never written anywhere (the item says it was missing instead).
 */
export async function fetchZip(
  ctx: TransferContext,
  unit: UnitRecord,
  items: ItemRecord[],
): Promise<void> {
  const staging = join(ctx.job.root, STAGING_DIR)
  await mkdir(staging, { recursive: true })
  const zipPath = join(staging, `${ctx.job.id}-${unit.n}.zip`)
  try {
    for (let failures = 0; ;) {
      const pending = new Map(
        items.filter((i) => i.status === 'pending').map((i) => [`${i.uploadId}/${i.path}`, i]),
      )
      if (pending.size === 0) return
      const verified: VerifiedPart[] = []
      // Every request counts, including one a throttle answers: failed items say how many ran.
      unit.attempts += 1
      let received = 0
      let recorded = 0
      const finalize = async (parts: VerifiedPart[]) => {
        await finalizeItems(ctx, parts)
        for (const part of parts) recorded += part.bytes
        // The zip's bytes stand for its files until they are recorded (compressed ≠ unpacked).
        ctx.setLive(Math.max(0, received - recorded))
      }
      try {
        await request(ctx, unit, zipPath, (bytes) => {
          received += bytes
          ctx.onBytes(bytes)
          ctx.setLive(received)
        })
        await unpackZip(
          zipPath,
          (name) => {
            const item = pending.get(memberPath(unit, name))
            if (item === undefined) return undefined
            return itemPaths(ctx.job.root, item).part
          },
          async (name, result) => {
            const item = pending.get(memberPath(unit, name))
            if (item === undefined) return
            pending.delete(memberPath(unit, name))
            verified.push({ item, ...result })
            // Checked parts get their names in batches: a crash loses at most a batch's work.
            if (verified.length >= FINALIZE_BATCH) await finalize(verified.splice(0))
          },
        )
        await finalize(verified.splice(0))
        for (const item of pending.values()) {
          item.attempts = unit.attempts
          await fail(ctx, item, 'permanent', `The server's zip did not contain ${item.path}.`)
        }
        return
      } catch (error) {
        // A zip restarts whole: what this attempt received leaves the progress.
        ctx.setLive(0)
        const after = await afterFailure(ctx, error, failures)
        if (after.next === 'give-up') {
          for (const item of items.filter((i) => i.status === 'pending')) {
            item.attempts = unit.attempts
            await fail(ctx, item, after.kind, after.reason)
          }
          return
        }
        if (after.counted) failures += 1
      }
    }
  } finally {
    ctx.setLive(0)
    await rm(zipPath, { force: true })
  }
}

/** "<upload id>/<path in upload>" of a member: entry zips name it so, folder zips relative to the folder. */
function memberPath(unit: UnitRecord, name: string): string {
  if (unit.kind === 'entries-zip') return name
  return `${unit.uploadId ?? ''}/${unit.folder ? `${unit.folder}/` : ''}${name}`
}

function request(
  ctx: TransferContext,
  unit: UnitRecord,
  zipPath: string,
  onBytes: (bytes: number) => void,
): Promise<void> {
  const save: StreamConsumer<void> = async (body) => {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Uint8Array>) {
        for await (const chunk of source) {
          onBytes(chunk.length)
          yield chunk
        }
      },
      createWriteStream(zipPath),
    )
    await syncFile(zipPath)
  }
  // One request per attempt: the unit's loop (afterFailure) is the one retry rule, as for
  // files; the scheduler retrying inside it would multiply attempts and backoff (5 × 6).
  const options = { lane: 'background' as const, signal: ctx.signal, maxAttempts: 1 }
  const files = { include_files: unit.names ?? [] }
  if (unit.kind === 'entries-zip')
    return ctx.client.files.entriesRawQuery(
      { owner: 'visible', query: { 'entry_id:any': unit.entryIds ?? [] }, files },
      save,
      { ...options, label: `POST /entries/raw/query (${unit.entryIds?.length ?? 0} entries)` },
    )
  return ctx.client.files.uploadRawZip(unit.uploadId ?? '', unit.folder ?? '', files, save, {
    ...options,
    label: `GET raw folder ${unit.uploadId ?? ''}/${unit.folder ?? ''}`,
  })
}
