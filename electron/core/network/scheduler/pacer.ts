import type { Lane } from './scheduler-types'
import { TokenBucket } from './token-bucket'

/**
 * When the next request to one server may leave: a token bucket at the rate controller's pace
 * that keeps `reserve` tokens for the interactive lane. Background requests (prefetched pages,
 * downloads, offline sync) wait until the bucket holds the reserve plus their own token, so the
 * pace they get is the same as without a reserve; an interactive request needs only one token,
 * so a person's request does not wait behind the background request just sent. Its long-run
 * rate is unchanged (the bucket refills at the pace; at most `reserve` requests ahead of it).
 *
 * A request sent on the reserve leaves closer to the previous one than the pace: no closer than
 * 1/burstRate (the rate controller's burstRate: twice the pace while no limit is known, never
 * above the plateau of a known one). A server that refuses such a request is strict about
 * spacing; from then on the reserve is off for it and every request keeps the pace.
 */
export class Pacer {
  private readonly bucket: TokenBucket
  private lastSentAt = Number.NEGATIVE_INFINITY
  private reserveOff: boolean

  constructor(
    rate: number,
    private readonly capacity: number,
    private readonly reserve: number,
    now: number,
  ) {
    this.bucket = new TokenBucket(rate, capacity + reserve, now)
    this.reserveOff = reserve === 0
  }

  setRate(rate: number, now: number): void {
    this.bucket.setRate(rate, now)
  }

  /** Milliseconds until a request of `lane` may leave; 0 means now. */
  delayMs(now: number, lane: Lane, burstRate: number): number {
    const paced = this.bucket.delayMs(now, this.capacity + this.reserve)
    if (paced === 0 || lane === 'background' || this.reserveOff) return paced
    const spaced = this.lastSentAt + 1000 / burstRate - now
    return Math.max(this.bucket.delayMs(now, 1), spaced, 0)
  }

  /**
   * A request of `lane` leaves now (delayMs returned 0 for it). Returns true when it took the
   * interactive reserve, i.e. left ahead of the pace.
   */
  take(now: number, lane: Lane): boolean {
    const ahead =
      lane === 'interactive' &&
      !this.reserveOff &&
      this.bucket.delayMs(now, this.capacity + this.reserve) > 0
    this.bucket.take(now)
    this.lastSentAt = now
    return ahead
  }

  /** A request sent on the reserve was refused: this server wants the pace, not bursts. */
  refuseReserve(): void {
    this.reserveOff = true
  }

  get reserveEnabled(): boolean {
    return !this.reserveOff
  }
}
