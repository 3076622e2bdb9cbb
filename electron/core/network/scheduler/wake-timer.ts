import type { Clock, TimerHandle } from './clock'

/**
 * The scheduler's single wake-up (next pacing token, end of a Retry-After pause). Asking for an
 * earlier wake-up re-arms it; a later one is ignored because the pump re-checks on waking and
 * re-arms for the remainder, so one timer serves however many requests are queued.
 */
export class WakeTimer {
  private handle: TimerHandle | undefined
  private at = Number.POSITIVE_INFINITY

  constructor(
    private readonly clock: Clock,
    /** Called with how late the timer fired (ms): a busy machine's own jitter. */
    private readonly onWake: (lateMs: number) => void,
  ) {}

  wakeIn(now: number, delayMs: number): void {
    const at = now + delayMs
    if (this.handle !== undefined && this.at <= at) return
    this.clear()
    this.at = at
    this.handle = this.clock.setTimeout(() => {
      this.handle = undefined
      this.at = Number.POSITIVE_INFINITY
      this.onWake(this.clock.now() - at)
    }, delayMs)
  }

  clear(): void {
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle)
    this.handle = undefined
    this.at = Number.POSITIVE_INFINITY
  }
}
