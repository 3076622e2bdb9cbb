/**
 * FIFO queue of one lane. Retries that finished their backoff go before fresh requests: they
 * are older, and their caller has already waited once. Sets keep insertion order and delete in
 * O(1), so cancelling thousands of queued downloads is cheap.
 */
export class LaneQueue<J> {
  private readonly retries = new Set<J>()
  private readonly fresh = new Set<J>()

  get size(): number {
    return this.retries.size + this.fresh.size
  }

  push(job: J, isRetry: boolean): void {
    ;(isRetry ? this.retries : this.fresh).add(job)
  }

  peek(): J | undefined {
    for (const job of this.retries) return job
    for (const job of this.fresh) return job
    return undefined
  }

  delete(job: J): boolean {
    return this.retries.delete(job) || this.fresh.delete(job)
  }

  /** Removes and returns everything, retries first. */
  drain(): J[] {
    const all = [...this.retries, ...this.fresh]
    this.retries.clear()
    this.fresh.clear()
    return all
  }
}
