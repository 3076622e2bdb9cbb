import type { Database } from 'lmdb'
import { AppError } from '../../../shared/errors'
import type { EmbeddedDb } from '../storage/embedded-db'
import {
  itemRecordSchema,
  jobRecordSchema,
  unitRecordSchema,
  type ItemRecord,
  type JobRecord,
  type UnitRecord,
} from './job-record'

/** The sub-database of the app's embedded database that holds the downloads journal. */
export const JOURNAL_DB = 'downloads'

/** What one journal write changes; everything in it commits together or not at all. */
export interface JournalBatch {
  job?: JobRecord
  items?: readonly ItemRecord[]
  units?: readonly UnitRecord[]
}

/**
 * The downloads journal: jobs, their units and their items, keyed so that one job's records sit
 * together (`job/<id>`, `unit/<id>/<n>`, `item/<id>/<i>`). A write is one lmdb transaction. The
 * callers keep the crash-safety order (data fsynced before the record that vouches for it);
 * docs/downloads.md explains why that makes the journal never claim bytes the disk lacks.
 */
export class DownloadJournal {
  private readonly db: Database<unknown, string>

  constructor(private readonly embedded: EmbeddedDb) {
    this.db = embedded.openDB<unknown, string>(JOURNAL_DB)
  }

  /**
   * Every job. A damaged record throws, unless `skipDamaged` is given: it then hears of it and the
   * other jobs still load (one bad record must not take every download down).
   */
  jobs(skipDamaged?: (error: AppError) => void): JobRecord[] {
    return this.range('job/', (value) => jobRecordSchema.parse(value), skipDamaged)
  }

  items(jobId: string): ItemRecord[] {
    return this.range(`item/${jobId}/`, (value) => itemRecordSchema.parse(value))
  }

  units(jobId: string): UnitRecord[] {
    return this.range(`unit/${jobId}/`, (value) => unitRecordSchema.parse(value))
  }

  write(batch: JournalBatch): Promise<void> {
    return this.embedded.transaction(() => {
      if (batch.job) void this.db.put(`job/${batch.job.id}`, batch.job)
      const jobId = batch.job?.id
      for (const item of batch.items ?? []) void this.db.put(itemKey(jobId ?? '', item.i), item)
      for (const unit of batch.units ?? []) void this.db.put(unitKey(jobId ?? '', unit.n), unit)
    })
  }

  /** Item and unit records of a job without rewriting the job record. */
  writeFor(jobId: string, batch: Omit<JournalBatch, 'job'>): Promise<void> {
    return this.embedded.transaction(() => {
      for (const item of batch.items ?? []) void this.db.put(itemKey(jobId, item.i), item)
      for (const unit of batch.units ?? []) void this.db.put(unitKey(jobId, unit.n), unit)
    })
  }

  remove(jobId: string): Promise<void> {
    return this.embedded.transaction(() => {
      void this.db.remove(`job/${jobId}`)
      for (const prefix of [`item/${jobId}/`, `unit/${jobId}/`])
        for (const key of this.db.getKeys({ start: prefix, end: `${prefix}\uffff` }))
          void this.db.remove(key)
    })
  }

  /** Resolves once every committed write is on disk. */
  flushed(): Promise<void> {
    return this.embedded.flushed()
  }

  private range<T>(
    prefix: string,
    parse: (value: unknown) => T,
    skipDamaged?: (error: AppError) => void,
  ): T[] {
    const out: T[] = []
    for (const { key, value } of this.db.getRange({ start: prefix, end: `${prefix}\uffff` })) {
      try {
        out.push(parse(value))
      } catch (error) {
        const damaged = new AppError(
          'internal',
          `The downloads journal record ${key} is damaged (${(error as Error).message}).`,
        )
        if (skipDamaged === undefined) throw damaged
        skipDamaged(damaged)
      }
    }
    return out
  }
}

/** Zero-padded so that lmdb's key order is the numeric order. */
const pad = (n: number) => n.toString().padStart(9, '0')
const itemKey = (jobId: string, i: number) => `item/${jobId}/${pad(i)}`
const unitKey = (jobId: string, n: number) => `unit/${jobId}/${pad(n)}`
