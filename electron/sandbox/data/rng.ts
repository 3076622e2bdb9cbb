/**
 * Deterministic pseudo-random numbers. Every generated thing (ids, materials, file contents)
 * is a pure function of the sandbox seed and a label, so the same seed always serves the same
 * data and nothing large has to be stored: it is regenerated on demand.
 */

/** FNV-1a over a string, then mixed; a stable 32-bit seed for a label. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return mix32(h)
}

/** Murmur3 finaliser: spreads nearby inputs (i, i+1) over the whole 32-bit range. */
export function mix32(value: number): number {
  let h = value >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A seed for one named thing, e.g. seedFor(base, 'upload', 12). */
export function seedFor(base: number, ...parts: (string | number)[]): number {
  let h = mix32(base ^ 0x9e3779b9)
  for (const part of parts) h = hashString(String(part), h)
  return h
}

/** Small fast PRNG (mulberry32); good enough for demo data, not for anything secret. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** Uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min)
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }

  /** Picks by weight; weights need not sum to one. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0)
    let roll = this.next() * total
    for (const [item, weight] of items) {
      roll -= weight
      if (roll < 0) return item
    }
    const last = items[items.length - 1]
    if (!last) throw new Error('weighted pick from an empty list')
    return last[0]
  }

  /** `count` distinct items in random order (count clamped to the list length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice()
    const out: T[] = []
    while (out.length < count && pool.length > 0) {
      const index = Math.floor(this.next() * pool.length)
      const [item] = pool.splice(index, 1)
      if (item !== undefined) out.push(item)
    }
    return out
  }

  /** 16 random bytes. */
  bytes(count: number): Uint8Array {
    const out = new Uint8Array(count)
    for (let i = 0; i < count; i++) out[i] = Math.floor(this.next() * 256)
    return out
  }
}
