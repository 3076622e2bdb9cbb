import { z } from 'zod'

/**
 * What the scheduler learned about one server's undisclosed limits, persisted per server (its
 * origin, or a stable key where the origin changes between starts) so the next start paces at
 * the learned rate instead of probing from scratch (performance-anchors T5: at most 2 throttles
 * in the first 10 s of a warm start).
 */
export const learnedLimitsSchema = z.object({
  /** Pacing rate (requests/s) when saved; the next start resumes from it. */
  rate: z.number().positive().finite(),
  /** Rate at the last throttle (CUBIC W_max), or null if this server never throttled us. */
  rateCeiling: z.number().positive().finite().nullable(),
  /** Learned in-flight limit (2–10). */
  concurrency: z.number().int().min(1).max(64),
  /** Epoch milliseconds of the save; old values are ignored because limits get reconfigured. */
  updatedAt: z.number().finite(),
})

export type LearnedLimits = z.infer<typeof learnedLimitsSchema>

/** Persistence port; the app backs it with its settings store, tests with MemoryLimitsStore. */
export interface LimitsStore {
  /** `key`: the server's origin, or a stable key such as the Local sandbox's. */
  load(key: string): LearnedLimits | undefined
  save(key: string, limits: LearnedLimits): void
}

/** Validates a stored value (settings on disk are untrusted); undefined when unusable. */
export function parseLearnedLimits(value: unknown): LearnedLimits | undefined {
  const parsed = learnedLimitsSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** In-memory LimitsStore; also the default when the caller does not persist. */
export class MemoryLimitsStore implements LimitsStore {
  private readonly entries = new Map<string, LearnedLimits>()

  load(origin: string): LearnedLimits | undefined {
    const stored = this.entries.get(origin)
    return stored === undefined ? undefined : { ...stored }
  }

  save(origin: string, limits: LearnedLimits): void {
    this.entries.set(origin, { ...limits })
  }
}
