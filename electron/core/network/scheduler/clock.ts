/**
 * Time and randomness ports for the request scheduler. The scheduler never calls the global
 * timers or Math.random itself, so tests drive it with vitest fake timers or a seeded generator
 * and simulated minutes run in milliseconds.
 */

/** Opaque handle returned by Clock.setTimeout. */
export type TimerHandle = number

export interface Clock {
  /** Milliseconds; monotonic within a process and close to the Unix epoch (persisted stamps). */
  now(): number
  /** Runs callback once after delayMs (never earlier); returns a handle for clearTimeout. */
  setTimeout(callback: () => void, delayMs: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

/** A uniform random number in [0, 1); injected so jitter is reproducible in tests. */
export type Random = () => number

export const mathRandom: Random = () => Math.random()

/**
 * The real clock. `now` is performance.timeOrigin + performance.now(): monotonic (pacing must not
 * jump when the wall clock is adjusted) yet still an epoch timestamp for persisted limits.
 * Delays are rounded up because Node truncates fractional milliseconds, and an early pacing timer
 * is exactly what a strict limiter rejects (performance-anchors §5.2: 35 % rejects at the limit).
 */
export function createRealClock(): Clock {
  const timers = new Map<number, ReturnType<typeof setTimeout>>()
  let nextId = 1
  return {
    now: () => performance.timeOrigin + performance.now(),
    setTimeout(callback, delayMs) {
      const id = nextId++
      const timer = setTimeout(
        () => {
          timers.delete(id)
          callback()
        },
        Math.max(0, Math.ceil(delayMs)),
      )
      timers.set(id, timer)
      return id
    },
    clearTimeout(handle) {
      const timer = timers.get(handle)
      if (timer === undefined) return
      clearTimeout(timer)
      timers.delete(handle)
    },
  }
}

/**
 * A deterministic generator (mulberry32) for tests and simulations: the same seed gives the same
 * jitter, so a simulated run is reproducible and a failing seed can be replayed.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
