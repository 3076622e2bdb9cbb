/**
 * How late our own timers have been firing lately: on a busy machine the process is
 * descheduled now and then, so a pacing timer fires late and what we send leaves with a
 * jitter of our own. A strict limiter refuses some of those requests although the pace is
 * below the limit; the rate controller must not read them as the server asking for less.
 * Kept as a maximum that decays (time constant DECAY_MS), so one late timer marks the second
 * around it, and a machine that calmed down is trusted again within a few seconds.
 */
const DECAY_MS = 1000

export class OwnJitter {
  private lateMs = 0
  private at = Number.NEGATIVE_INFINITY

  /** A timer planned for `now - lateMs` fired at `now`. */
  note(now: number, lateMs: number): void {
    this.lateMs = Math.max(Math.max(0, lateMs), this.recent(now))
    this.at = now
  }

  /** The recent lateness in ms (0 on a calm machine). */
  recent(now: number): number {
    if (this.lateMs === 0) return 0
    return this.lateMs * Math.exp(-Math.max(0, now - this.at) / DECAY_MS)
  }
}

/**
 * A decaying share of throttled answers among all answers (time constant SHARE_MS): jitter of
 * our own refuses a few requests; a server that really wants less refuses many of them. Until
 * MIN_ANSWERS (decayed) are in, the share is taken as 1: too little to call refusals rare.
 */
const SHARE_MS = 2000
const MIN_ANSWERS = 20

export class ThrottleShare {
  private throttled = 0
  private total = 0
  private at = Number.NEGATIVE_INFINITY

  note(now: number, throttled: boolean): number {
    const keep = Math.exp(-Math.max(0, now - this.at) / SHARE_MS)
    this.at = now
    this.throttled = this.throttled * keep + (throttled ? 1 : 0)
    this.total = this.total * keep + 1
    return this.total < MIN_ANSWERS ? 1 : this.throttled / this.total
  }
}
