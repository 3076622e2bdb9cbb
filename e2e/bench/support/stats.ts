/** Nearest-rank percentile (p in 0–100); NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
    Number.NaN
  )
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length
}

export const round1 = (value: number) => Math.round(value * 10) / 10
export const pct = (fraction: number) => `${round1(fraction * 100)} %`
export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))
