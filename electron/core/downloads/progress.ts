import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import type { ItemRecord, JobRecord } from './job-record'

/** Bytes per second over the last few seconds, from one-second buckets. */
export class RateMeter {
  private readonly buckets = new Map<number, number>()

  constructor(
    private readonly now: () => number,
    private readonly windowSeconds = 5,
  ) {}

  add(bytes: number): void {
    const second = Math.floor(this.now() / 1000)
    this.buckets.set(second, (this.buckets.get(second) ?? 0) + bytes)
    for (const key of this.buckets.keys())
      if (key <= second - this.windowSeconds) this.buckets.delete(key)
  }

  rate(): number {
    const now = this.now()
    const second = Math.floor(now / 1000)
    let bytes = 0
    for (const [key, value] of this.buckets) if (key > second - this.windowSeconds) bytes += value
    // The current second is partly over: count the window as what has elapsed of it.
    const elapsed = this.windowSeconds - 1 + (now % 1000) / 1000
    return Math.max(0, bytes / elapsed)
  }
}

/** What the summary needs that only the running manager knows. */
export interface LiveState {
  rate: number
  /** Bytes received by running units that no item's offset counts yet. */
  liveBytes?: number
  /** Running, but every unit slot is taken by other jobs. */
  queued?: boolean
  retryAt?: number
  planning?: boolean
}

/** A job's row for the list and the changed event, computed from its records. */
export function summarize(
  job: JobRecord,
  items: readonly ItemRecord[],
  live: LiveState,
  now: number,
): JobSummary {
  let filesDone = 0
  let filesFailed = 0
  let filesSkipped = 0
  let bytesDone = 0
  let bytesTotal: number | null = 0
  for (const item of items) {
    if (item.status === 'done') filesDone += 1
    else if (item.status === 'failed') filesFailed += 1
    else if (item.status === 'skipped') filesSkipped += 1
    if (item.status !== 'failed') bytesDone += item.offset
    if (bytesTotal !== null)
      bytesTotal =
        item.size === null ? null : bytesTotal + (item.status === 'failed' ? 0 : item.size)
  }
  bytesDone += live.liveBytes ?? 0
  if (bytesTotal !== null) bytesDone = Math.min(bytesDone, bytesTotal)
  const archive = job.spec.source.kind === 'archive'
  const filesTotal = archive ? (job.cursor === null ? items.length : null) : items.length
  if (archive && job.cursor !== null) bytesTotal = null
  const throttled = live.retryAt !== undefined && live.retryAt > now && job.state === 'running'
  const active = job.state === 'running' || job.state === 'queued'
  const eta =
    active && bytesTotal !== null && live.rate > 0
      ? Math.max(0, (bytesTotal - bytesDone) / live.rate)
      : null
  return {
    id: job.id,
    serverId: job.spec.serverId,
    serverName: job.serverName,
    label: job.label,
    kind: job.spec.source.kind,
    state: live.planning
      ? 'planning'
      : throttled
        ? 'throttled'
        : live.queued === true
          ? 'queued'
          : job.state,
    priority: job.priority,
    destination: job.root,
    filesDone,
    filesTotal,
    filesFailed,
    filesSkipped,
    bytesDone,
    bytesTotal,
    rate: active ? live.rate : 0,
    eta,
    ...(throttled && live.retryAt !== undefined ? { retryAt: live.retryAt } : {}),
    ...(throttled
      ? {
          message: `The server is limiting requests; retrying in ${Math.ceil(((live.retryAt ?? now) - now) / 1000)} s.`,
        }
      : job.message === undefined
        ? {}
        : { message: job.message }),
    createdAt: job.createdAt,
    ...(job.startedAt === undefined ? {} : { startedAt: job.startedAt }),
    ...(job.finishedAt === undefined ? {} : { finishedAt: job.finishedAt }),
    ...(job.interruptedAt === undefined ? {} : { interruptedAt: job.interruptedAt }),
  }
}
