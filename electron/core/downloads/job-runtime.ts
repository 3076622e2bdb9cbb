import type { ItemRecord, JobRecord, UnitRecord } from './job-record'
import { RateMeter } from './progress'

/** A job as the manager holds it while the app runs: its records and what is in flight. */
export class JobRuntime {
  readonly itemsOfUnit = new Map<number, ItemRecord[]>()
  /** Units whose request is in flight. */
  readonly running = new Set<number>()
  abort = new AbortController()
  readonly meter: RateMeter
  /** Per running unit: bytes received that no item's offset counts yet (live progress). */
  readonly live = new Map<number, number>()
  retryAt: number | undefined
  /** The job has announced its end (downloads.finished) for its current run. */
  announced = false

  constructor(
    public job: JobRecord,
    public items: ItemRecord[],
    public units: UnitRecord[],
    now: () => number,
  ) {
    this.meter = new RateMeter(now)
    this.index()
  }

  index(): void {
    this.itemsOfUnit.clear()
    for (const item of this.items) {
      const list = this.itemsOfUnit.get(item.unit) ?? []
      list.push(item)
      this.itemsOfUnit.set(item.unit, list)
    }
  }

  /** Bytes in flight over all running units (see `live`). */
  liveBytes(): number {
    let bytes = 0
    for (const value of this.live.values()) bytes += value
    return bytes
  }

  /** A fresh signal for a (re)started job; the old one stays aborted. */
  restartSignal(): void {
    this.abort = new AbortController()
  }

  nextUnit(): UnitRecord | undefined {
    return this.units.find((unit) => unit.status === 'pending' && !this.running.has(unit.n))
  }

  /** Nothing left to fetch and nothing in flight. */
  settled(): boolean {
    return this.running.size === 0 && this.units.every((unit) => unit.status !== 'pending')
  }
}

/** Higher priority first; among equals, the older job. */
export function byPriority(a: JobRuntime, b: JobRuntime): number {
  const rank = { high: 0, normal: 1, low: 2 }
  return rank[a.job.priority] - rank[b.job.priority] || a.job.createdAt - b.job.createdAt
}
