import type { LearnedLimits } from './limits-store'
import { ThrottleShare } from './own-jitter'

/**
 * Request-rate controller: a CUBIC-shaped curve (AWS adaptive retry mode, performance-anchors
 * §2.1) adapted to undisclosed nginx limits. Differences from AWS, each for a measured reason:
 * - It starts at 10 req/s, not unlimited, and grows exponentially ("slow start") only while no
 *   ceiling is known: AWS's unlimited start caused most of its rejects in the first seconds (§5.3).
 * - It aims below the learned ceiling: after a throttle at rate W it settles on a plateau of
 *   0.95·W, because pacing at exactly a strict limit still gets ~35 % rejects (timer jitter, §0.5)
 *   while 28 of 30 req/s got 0.6 %.
 * - An isolated throttle near the ceiling (a probe that touched the limit) cuts mildly (×0.9); a
 *   throttle in slow start, well below the ceiling (the limit dropped) or within 2 s of the last
 *   cut (the cut was not enough) cuts with CUBIC's β = 0.7. Several deep cuts in a row bring the
 *   rate below a lowered limit within a second or two instead of a slow slide.
 * - Probing above the plateau is slow and convex: +5 % of W takes ~15 s, so each probe costs
 *   about one 503 per ~400 requests at 30 req/s (steady 503 share target ≤ 1 %, §6 T3).
 *   If probing passes 1.15·W without a throttle the ceiling is stale and slow start resumes.
 * - Time only advances the growth while the pacer is the bottleneck (requests waiting for a
 *   token): a quiet app does not "learn" a rate it never tried (RFC 7661's app-limited rule;
 *   AWS caps at 2× the measured rate for the same reason).
 * - A throttle at or below the ceiling while refusals are rare in time (at most 3 in about the
 *   last 10 s) keeps the ceiling and only returns the pace to the plateau: it is timing noise,
 *   not a lower limit. On a loaded 2-core machine the sandbox stalled for 15–30 ms every few
 *   seconds, and each stall refused a request paced well below the limit; lowering the ceiling
 *   for each of them ratcheted the pace down to ~17 of 30 req/s within 30 s. Counting in time
 *   rather than as a share of requests matters: stalls come per second, so a share would grow
 *   as the pace falls and ratchet further. A real drop of the limit refuses several requests
 *   per second and is cut deeply (and the ceiling lowered) from its fourth throttle on.
 * - The same noise can refuse one request during slow start, far below the limit. Such a lone
 *   slow-start ceiling is tentative: after 3 quiet seconds on its plateau, slow start resumes
 *   once; a throttle within 1.2× of it confirms it, one higher replaces it (itself tentative).
 *   Without this a single early stall held the pace at ~16 of 30 req/s for the whole run,
 *   because the convex probe needs ~24 s to call a ceiling stale.
 */
export interface RateControllerConfig {
  /** Cold-start rate: anchors §7 "start at ~10 r/s rather than unlimited". */
  initialRate: number
  /** Never pace slower (AWS minFillRate 0.5 req/s). */
  minRate: number
  /** Never pace faster; an Oasis without limits needs no more than this. */
  maxRate: number
  /** Slow-start growth factor per second of pacing-limited time. */
  slowStartGrowth: number
  /** CUBIC β for deep cuts (RFC 8312 / AWS: 0.7). */
  deepCut: number
  /** Cut after an isolated throttle near the ceiling. */
  mildCut: number
  /** Plateau as a fraction of the rate that drew the last throttle. */
  safety: number
  /** CUBIC C (req/s per s³) of the concave return to the plateau; AWS/RFC value 0.4. */
  recoverC: number
  /** Convex probe above the plateau, as a fraction of the ceiling per s³. */
  probeC: number
  /** A throttle this soon after a cut means the cut was not deep enough (ms). */
  consecutiveMs: number
  /** A throttle below this fraction of the ceiling means the limit dropped. */
  dropFraction: number
  /** Probing this far above the ceiling without a throttle makes the ceiling stale. */
  staleFactor: number
  /** Throttles in about the last noiseWindowMs up to which one below the ceiling is noise. */
  noiseThrottles: number
  /** Time constant (ms) of the decaying throttle count behind noiseThrottles. */
  noiseWindowMs: number
}

export const DEFAULT_RATE_CONFIG: RateControllerConfig = {
  initialRate: 10,
  minRate: 0.5,
  maxRate: 500,
  slowStartGrowth: 1.5,
  deepCut: 0.7,
  mildCut: 0.9,
  safety: 0.95,
  recoverC: 0.4,
  probeC: 0.05 / 15 ** 3,
  consecutiveMs: 2000,
  dropFraction: 0.85,
  staleFactor: 1.15,
  noiseThrottles: 3,
  noiseWindowMs: 10_000,
}

// "On the plateau" includes the first seconds of probing above it (under 2 %).
const NOISE_BAND = 1.02
// A tentative ceiling is re-probed (slow start from the plateau) after this long without a
// throttle, and confirmed when the re-probe is refused within this factor of it.
const TENTATIVE_REPROBE_S = 3
const TENTATIVE_CONFIRM = 1.2
// Our own timers running this late, as a share of the pacing interval (and at least
// OWN_JITTER_MIN_MS), make a refusal ours: we cannot tell it from the limit, so it moves nothing.
const OWN_JITTER_SHARE = 0.1
const OWN_JITTER_MIN_MS = 2
// ...unless this share of the answers or more are refusals: then the server wants less.
const REAL_THROTTLE_SHARE = 1 / 3

export interface RateSnapshot {
  /** Current pacing rate, requests/s. */
  rate: number
  /** Rate at the last throttle (W_max), or null before the first one. */
  ceiling: number | null
  mode: 'slow-start' | 'steady'
  /** When the concave return to the plateau ends (meter: "backing off until"). */
  recoveryUntil: number
}

export class RateController {
  private mode: 'slow-start' | 'steady' = 'slow-start'
  private slowStartRate: number
  private ceiling: number | null = null
  private cutRate = 0
  private plateau = 0
  /** Seconds from the cut to the plateau. */
  private recoverySeconds = 0
  /** Effective seconds since the last cut (probing time only counts while pacing-limited). */
  private epochSeconds = 0
  private lastCutAt = Number.NEGATIVE_INFINITY
  /** Last real cut (not noise): "within 2 s of the last cut" means this one. */
  private lastReductionAt = Number.NEGATIVE_INFINITY
  /** Last throttle taken as noise; earlier-dispatched throttles are part of the same event. */
  private lastNoiseAt = Number.NEGATIVE_INFINITY
  /** The ceiling comes from one lone slow-start throttle and is re-probed once (advance()). */
  private tentative = false
  private lastAdvanceAt: number
  private pacingLimited = false
  /** Throttles of about the last noiseWindowMs, decaying exponentially. */
  private recentThrottles = 0
  private throttlesAt = Number.NEGATIVE_INFINITY
  private readonly share = new ThrottleShare()

  constructor(
    now: number,
    private readonly config: RateControllerConfig = DEFAULT_RATE_CONFIG,
    learned?: Pick<LearnedLimits, 'rate' | 'rateCeiling'>,
  ) {
    this.lastAdvanceAt = now
    this.slowStartRate = config.initialRate
    if (learned !== undefined) this.restore(learned)
  }

  /** Current pacing rate in requests/s. */
  rate(now: number): number {
    this.advance(now)
    return this.clamp(this.mode === 'slow-start' ? this.slowStartRate : this.curve())
  }

  /**
   * The closest spacing (as a rate) a request sent ahead of the pace, on the interactive
   * reserve, may keep to the one before: the plateau under a confirmed ceiling (the server took
   * that pace), when the pace is below it (recovering from a cut, a warm start below the plateau).
   * Otherwise the pace itself: with no limit known, or only a tentative one, any closer request
   * could be refused by a strict limiter, and an interactive request must not see a 503
   * (performance-anchors §6 T6).
   */
  burstRate(now: number): number {
    const rate = this.rate(now)
    if (this.mode !== 'steady' || this.tentative || this.ceiling === null) return rate
    return Math.max(rate, this.plateau)
  }

  /** Tells the controller whether requests are waiting for a pacing token from now on. */
  setPacingLimited(now: number, limited: boolean): void {
    this.advance(now)
    this.pacingLimited = limited
  }

  /** An answer that was not a throttle (for the share of refusals). */
  onAnswer(now: number): void {
    this.share.note(now, false)
  }

  /**
   * Reacts to a throttle of an attempt dispatched at dispatchedAt. Throttles of attempts sent
   * before the last cut carry no news (they were paced at the old rate), as in TCP's one
   * reduction per window. `ownJitterMs`: how late our own timers ran around its dispatch; a
   * refusal then is the busy machine's jitter (ours), not the server asking for less, and
   * changes nothing unless most answers are refusals. Returns true when the rate was cut.
   */
  onThrottle(now: number, dispatchedAt: number, ownJitterMs = 0): boolean {
    this.advance(now)
    const share = this.share.note(now, true)
    // A stall on the path bunches requests, and all of them bounce: one event, counted once.
    if (dispatchedAt < Math.max(this.lastCutAt, this.lastNoiseAt)) return false
    const recent = this.countThrottle(now)
    const current = this.rate(now)
    const deep =
      this.mode === 'slow-start' ||
      now - this.lastReductionAt < this.config.consecutiveMs ||
      (this.ceiling !== null && current < this.config.dropFraction * this.ceiling)
    // Rare refusals while holding the plateau are noise: keep the ceiling and the pace (probing
    // starts over), without the dip a cut would cost. A throttle while probing above the plateau
    // found the limit, and one far below the ceiling means it dropped: both cut as usual.
    const holding = !deep && this.ceiling !== null && current <= this.plateau * NOISE_BAND
    // On a busy machine our own timers run late and what we send leaves with a jitter of our
    // own. The refusals that brings up to a confirmed ceiling are ours too, while recovering
    // from a cut or probing towards the ceiling (cutting, or lowering the ceiling to where a
    // probe met our own jitter, would ratchet the pace down), as long as refusals stay rare
    // (from a third of the answers on, the server wants less, however late we were). In slow
    // start or above the ceiling a refusal is how the limit is found.
    const ours =
      this.mode === 'steady' &&
      !this.tentative &&
      this.ceiling !== null &&
      current <= this.ceiling &&
      ownJitterMs >= Math.max(OWN_JITTER_MIN_MS, (OWN_JITTER_SHARE * 1000) / current) &&
      share < REAL_THROTTLE_SHARE
    if (ours || (holding && recent <= this.config.noiseThrottles)) {
      this.lastNoiseAt = now
      return false
    }
    // A lone throttle in slow start may be noise too: its ceiling is tentative until a second
    // throttle lands near it (see advance()). One in steady state is taken at its word.
    const previous = this.ceiling
    const wasTentative = this.tentative
    this.tentative =
      this.mode === 'slow-start' &&
      !(wasTentative && previous !== null && current <= TENTATIVE_CONFIRM * previous)
    this.lastReductionAt = now
    this.startEpoch(now, current, current * (deep ? this.config.deepCut : this.config.mildCut))
    return true
  }

  snapshot(now: number): RateSnapshot {
    const rate = this.rate(now)
    const recoveryUntil =
      this.mode === 'steady' ? this.lastCutAt + this.recoverySeconds * 1000 : this.lastCutAt
    return { rate, ceiling: this.ceiling, mode: this.mode, recoveryUntil }
  }

  private restore(learned: Pick<LearnedLimits, 'rate' | 'rateCeiling'>): void {
    if (learned.rateCeiling === null) {
      this.slowStartRate = this.clamp(learned.rate)
      return
    }
    // Resume on the plateau (or below it if we were below when saving), without counting this
    // as a cut: the first throttle of the new run may still be mild.
    const ceiling = learned.rateCeiling
    const start = Math.min(learned.rate, ceiling * this.config.safety)
    this.startEpoch(Number.NEGATIVE_INFINITY, ceiling, start)
  }

  private startEpoch(now: number, ceiling: number, cutRate: number): void {
    this.mode = 'steady'
    this.ceiling = ceiling
    this.cutRate = this.clamp(cutRate)
    this.plateau = Math.max(this.cutRate, ceiling * this.config.safety)
    this.recoverySeconds = Math.cbrt((this.plateau - this.cutRate) / this.config.recoverC)
    this.epochSeconds = 0
    this.lastCutAt = now
  }

  private curve(): number {
    const e = this.epochSeconds - this.recoverySeconds
    if (e < 0) return this.plateau + this.config.recoverC * e ** 3
    return this.plateau + this.config.probeC * (this.ceiling ?? this.plateau) * e ** 3
  }

  private advance(now: number): void {
    const dt = Math.max(0, now - this.lastAdvanceAt) / 1000
    this.lastAdvanceAt = now
    if (dt === 0) return
    if (this.mode === 'slow-start') {
      if (this.pacingLimited) {
        this.slowStartRate = this.clamp(this.slowStartRate * this.config.slowStartGrowth ** dt)
      }
      return
    }
    // The return to the plateau runs in real time (a cut is temporary); probing beyond it only
    // while the pacer is what limits us.
    const recoveryLeft = Math.max(0, this.recoverySeconds - this.epochSeconds)
    const recovering = Math.min(dt, recoveryLeft)
    this.epochSeconds += recovering + (this.pacingLimited ? dt - recovering : 0)
    const ceiling = this.ceiling ?? this.plateau
    const quiet = this.epochSeconds - this.recoverySeconds
    if (this.tentative && this.pacingLimited && quiet >= TENTATIVE_REPROBE_S) {
      this.mode = 'slow-start'
      this.slowStartRate = this.clamp(this.curve())
      return
    }
    if (this.curve() >= this.config.staleFactor * ceiling) {
      this.mode = 'slow-start'
      this.slowStartRate = this.clamp(this.curve())
    }
  }

  /** Counts a throttle and returns how many happened in about the last noiseWindowMs. */
  private countThrottle(now: number): number {
    const elapsed = Math.max(0, now - this.throttlesAt)
    this.recentThrottles = this.recentThrottles * Math.exp(-elapsed / this.config.noiseWindowMs) + 1
    this.throttlesAt = now
    return this.recentThrottles
  }

  private clamp(rate: number): number {
    return Math.min(this.config.maxRate, Math.max(this.config.minRate, rate))
  }
}
