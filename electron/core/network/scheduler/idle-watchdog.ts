import type { Clock, TimerHandle } from './clock'

/**
 * Fires when no touch() arrived for timeoutMs, telling whether any touch() came at all (the
 * answer had started: headers or bytes) or the server never answered. touch() only records a
 * timestamp, so a download calling it for every chunk costs nothing; the single timer re-arms
 * itself for the remainder.
 * Default 90 s: NOMAD's proxy cuts a stalled stream after 60 s and undici's own 300 s body
 * timeout would hold a dead slot five times longer (performance-anchors §4).
 */
export class IdleWatchdog {
  private lastActivity: number
  private timer: TimerHandle | undefined
  private started = false

  constructor(
    private readonly clock: Clock,
    private readonly timeoutMs: number,
    private readonly onIdle: (idleMs: number, started: boolean) => void,
  ) {
    this.lastActivity = clock.now()
    this.arm(timeoutMs)
  }

  touch(): void {
    this.started = true
    this.lastActivity = this.clock.now()
  }

  stop(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer)
    this.timer = undefined
  }

  private arm(delayMs: number): void {
    this.timer = this.clock.setTimeout(() => this.check(), delayMs)
  }

  private check(): void {
    this.timer = undefined
    const idle = this.clock.now() - this.lastActivity
    if (idle >= this.timeoutMs) this.onIdle(idle, this.started)
    else this.arm(this.timeoutMs - idle)
  }
}
