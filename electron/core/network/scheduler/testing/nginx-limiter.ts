/**
 * Test support: an in-process model of nginx's limit_req (leaky bucket at millisecond
 * granularity, optional `burst=N nodelay`) and limit_conn, so scheduler tests meet the same
 * rejection rule as the real proxy (performance-anchors §2.7, §5.1). Not an HTTP server.
 */
export interface SimulatedLimits {
  /** Requests per second; null disables limit_req. */
  rate: number | null
  /** limit_req burst (nodelay); 0 = strict. */
  burst: number
  /** Requests being processed at once; null disables limit_conn. */
  concurrency: number | null
}

export class NginxLimiter {
  private excess = 0 // milli-requests above the steady rate, as nginx stores it
  private last: number | undefined
  private active = 0

  constructor(private limits: SimulatedLimits) {}

  /** Like `nginx -s reload` with a new config: the leaky-bucket state is kept. */
  setLimits(limits: SimulatedLimits): void {
    this.limits = limits
  }

  get connections(): number {
    return this.active
  }

  /** A request arrives at nowMs; true = admitted (call release() when done), false = 503. */
  admit(nowMs: number): boolean {
    const now = Math.floor(nowMs) // nginx caches the time in whole milliseconds
    if (!this.admitRate(now)) return false
    if (this.limits.concurrency !== null && this.active >= this.limits.concurrency) return false
    this.active += 1
    return true
  }

  release(): void {
    this.active = Math.max(0, this.active - 1)
  }

  // ngx_http_limit_req_lookup: limit_req runs before limit_conn in the preaccess phase, so a
  // request refused for concurrency has already used its limit_req slot.
  private admitRate(now: number): boolean {
    if (this.limits.rate === null) return true
    if (this.last === undefined) {
      this.last = now
      this.excess = 0
      return true
    }
    const rate = Math.round(this.limits.rate * 1000)
    const ms = Math.abs(now - this.last)
    const excess = Math.max(0, this.excess - Math.floor((rate * ms) / 1000) + 1000)
    if (excess > this.limits.burst * 1000) return false
    this.excess = excess
    this.last = now
    return true
  }
}
