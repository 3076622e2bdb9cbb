import { formatBytes } from '../uploads/files/format-bytes'

export { formatBytes }

/** 1234567 → "1 234 567 bytes": the exact figure beside the human one. */
export function formatExactBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US').replace(/,/g, '\u202f')} ${bytes === 1 ? 'byte' : 'bytes'}`
}

/** Bytes per second, human: "12 MiB/s"; "—" when nothing moves. */
export function formatByteRate(perSecond: number): string {
  return perSecond > 0 ? `${formatBytes(Math.round(perSecond))}/s` : '—'
}

/** Seconds left, short: "45 s", "3 min", "2 h 5 min"; "—" when unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—'
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  const minutes = Math.round(s / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/** A whole percentage of done over total, or null when the total is not known. */
export function percentOf(done: number, total: number | null): number | null {
  if (total === null || total <= 0) return null
  return Math.min(100, Math.floor((done / total) * 100))
}
