import { AppError } from '../../../../shared/errors'
import type { Clock, Random, TimerHandle } from './clock'
import { MemoryLimitsStore, parseLearnedLimits, type LimitsStore } from './limits-store'
import type { SchedulerConfigOverrides } from './scheduler-config'
import { RequestScheduler } from './scheduler'

export interface SchedulerRegistryOptions {
  clock: Clock
  random?: Random
  /** Where learned limits live between runs; in-memory when omitted. */
  store?: LimitsStore
  config?: SchedulerConfigOverrides
  /** Learned limits change with every throttle; write at most once per this many ms. */
  saveDebounceMs?: number
  /** Older learned limits are ignored: deployments get reconfigured. */
  maxLimitsAgeMs?: number
}

const DEFAULT_SAVE_DEBOUNCE_MS = 5000
const DEFAULT_MAX_LIMITS_AGE_MS = 30 * 24 * 3600 * 1000

interface Entry {
  scheduler: RequestScheduler
  /** Where its learned limits are stored (the origin unless the caller named a stable key). */
  limitsKey: string
  saveTimer?: TimerHandle
}

/** Normalises a server URL to its origin (limits are per host, not per path). */
export function originOf(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new AppError('invalid_input', `"${url}" is not a server URL.`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new AppError('invalid_input', `"${url}" is not an http(s) server URL.`)
  }
  return parsed.origin
}

/**
 * One RequestScheduler per server origin, created on first use with the limits learned in an
 * earlier run, and persisting what it learns (debounced) so the next start is warm
 * (performance-anchors T5).
 */
export class SchedulerRegistry {
  private readonly entries = new Map<string, Entry>()
  private readonly store: LimitsStore
  private readonly saveDebounceMs: number
  private readonly maxLimitsAgeMs: number

  constructor(private readonly options: SchedulerRegistryOptions) {
    this.store = options.store ?? new MemoryLimitsStore()
    this.saveDebounceMs = options.saveDebounceMs ?? DEFAULT_SAVE_DEBOUNCE_MS
    this.maxLimitsAgeMs = options.maxLimitsAgeMs ?? DEFAULT_MAX_LIMITS_AGE_MS
  }

  /**
   * The scheduler for the server of url (any URL on it, or its origin). `limitsKey` names where
   * its learned limits are kept when the origin is not a stable name for the server (the Local
   * sandbox gets a new port on every start); it counts when the scheduler is created.
   */
  get(url: string, limitsKey?: string): RequestScheduler {
    const origin = originOf(url)
    const existing = this.entries.get(origin)
    if (existing !== undefined) return existing.scheduler
    const entry = this.create(origin, limitsKey ?? origin)
    this.entries.set(origin, entry)
    return entry.scheduler
  }

  /** Schedulers created so far (for the live meters). */
  list(): RequestScheduler[] {
    return [...this.entries.values()].map((e) => e.scheduler)
  }

  /** Saves and disposes the scheduler of one server (its profile was removed). */
  remove(url: string): void {
    const origin = originOf(url)
    const entry = this.entries.get(origin)
    if (entry === undefined) return
    this.entries.delete(origin)
    this.close(entry)
  }

  /** Saves pending limits and disposes every scheduler (app quit). */
  dispose(): void {
    for (const entry of this.entries.values()) this.close(entry)
    this.entries.clear()
  }

  private create(origin: string, limitsKey: string): Entry {
    const { clock } = this.options
    const stored = parseLearnedLimits(this.store.load(limitsKey))
    const fresh = stored !== undefined && clock.now() - stored.updatedAt <= this.maxLimitsAgeMs
    const entry: Entry = {
      limitsKey,
      scheduler: new RequestScheduler({
        origin,
        clock,
        random: this.options.random,
        learned: fresh ? stored : undefined,
        config: this.options.config,
        onLimitsChanged: () => this.scheduleSave(entry),
      }),
    }
    return entry
  }

  private scheduleSave(entry: Entry): void {
    if (entry.saveTimer !== undefined) return
    entry.saveTimer = this.options.clock.setTimeout(() => {
      entry.saveTimer = undefined
      this.store.save(entry.limitsKey, entry.scheduler.learnedLimits())
    }, this.saveDebounceMs)
  }

  private close(entry: Entry): void {
    if (entry.saveTimer !== undefined) {
      this.options.clock.clearTimeout(entry.saveTimer)
      entry.saveTimer = undefined
      this.store.save(entry.limitsKey, entry.scheduler.learnedLimits())
    }
    entry.scheduler.dispose()
  }
}
