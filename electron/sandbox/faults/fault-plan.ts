import { Rng } from '../data/rng'
import type { FaultOptions } from '../options'
import type { BodyFault } from './body-faults'
import type { ZipFault } from './zip-faults'

/** What the fault injector does to one request, drawn from seeded dice. */
export interface FaultPlan {
  proxyError: 502 | 504 | null
  delayMs: number
  body: BodyFault | ZipFault | null
}

const NONE: FaultPlan = { proxyError: null, delayMs: 0, body: null }

export class FaultDice {
  private rng: Rng
  private pattern: RegExp | null = null
  private patternSource: string | null = null

  constructor(seed: number) {
    this.rng = new Rng(seed)
  }

  reseed(seed: number): void {
    this.rng = new Rng(seed)
  }

  /** Draws the plan for a request path (relative to the base path). */
  plan(options: FaultOptions, path: string): FaultPlan {
    if (!this.matches(options.pathPattern, path)) return NONE
    const roll = () => this.rng.next()
    const plan: FaultPlan = { proxyError: null, delayMs: 0, body: null }
    if (options.error502Rate > 0 && roll() < options.error502Rate) plan.proxyError = 502
    else if (options.error504Rate > 0 && roll() < options.error504Rate) plan.proxyError = 504
    plan.delayMs =
      options.latencyMs + (options.latencyJitterMs > 0 ? roll() * options.latencyJitterMs : 0)
    if (options.resetRate > 0 && roll() < options.resetRate) plan.body = 'reset'
    else if (options.stallRate > 0 && roll() < options.stallRate) plan.body = 'stall'
    else if (options.trickleRate > 0 && roll() < options.trickleRate) plan.body = 'trickle'
    else if (options.truncateJsonRate > 0 && roll() < options.truncateJsonRate)
      plan.body = 'truncate'
    else if (options.malformedJsonRate > 0 && roll() < options.malformedJsonRate)
      plan.body = 'malformed'
    else if (options.truncateZipRate > 0 && roll() < options.truncateZipRate)
      plan.body = 'truncateZip'
    else if (options.corruptZipRate > 0 && roll() < options.corruptZipRate) plan.body = 'corruptZip'
    return plan
  }

  private matches(source: string | null, path: string): boolean {
    if (source === null) return true
    if (source !== this.patternSource) {
      this.patternSource = source
      this.pattern = new RegExp(source)
    }
    return this.pattern?.test(path) ?? true
  }
}
