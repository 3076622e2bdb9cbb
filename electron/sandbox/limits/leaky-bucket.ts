/**
 * nginx `limit_req` (ngx_http_limit_req_module.c, ngx_http_limit_req_lookup) per key, with its
 * integer arithmetic at millisecond granularity: `excess` is kept in 1/1000 requests; each
 * request adds 1000 and the elapsed time drains `rate × ms / 1000`. A request is rejected when
 * the new excess would exceed `burst × 1000`; rejected requests do not change the state.
 * With burst 0 at 30 r/s this admits one request per 33.3 ms and nothing in between; with
 * `burst=B nodelay` B extra requests pass at once. (The delaying mode without nodelay is not
 * modelled: a proxy in front of NOMAD uses nodelay, see performance-anchors §1.3.)
 */

interface BucketState {
  excess: number
  last: number
}

export type Admission = { ok: true } | { ok: false; retryAfterMs: number }

const IDLE_MS = 60_000

export class LeakyBucket {
  private readonly states = new Map<string, BucketState>()
  private lastPrune = 0

  check(key: string, nowMs: number, ratePerSecond: number, burst: number): Admission {
    const now = Math.floor(nowMs)
    this.prune(now)
    const rate = Math.round(ratePerSecond * 1000)
    const state = this.states.get(key)
    if (!state) {
      this.states.set(key, { excess: 0, last: now })
      return { ok: true }
    }
    const ms = Math.max(0, now - state.last)
    let excess = state.excess - Math.trunc((rate * ms) / 1000) + 1000
    if (excess < 0) excess = 0
    const allowed = Math.max(0, Math.floor(burst)) * 1000
    if (excess > allowed) {
      return {
        ok: false,
        retryAfterMs: rate > 0 ? Math.ceil(((excess - allowed) * 1000) / rate) : 1000,
      }
    }
    state.excess = excess
    state.last = now
    return { ok: true }
  }

  /** Forgets keys idle for a minute so a long-running sandbox does not grow without bound. */
  private prune(now: number): void {
    if (now - this.lastPrune < IDLE_MS) return
    this.lastPrune = now
    for (const [key, state] of this.states) {
      if (now - state.last > IDLE_MS) this.states.delete(key)
    }
  }

  reset(): void {
    this.states.clear()
  }
}
