/**
 * The real server prints two datetime styles: Elasticsearch-sourced entry metadata as ISO with
 * microseconds and an offset, MongoDB-sourced upload/processing data as naive ISO (facts §0).
 */

function micros(ms: number): string {
  const iso = new Date(ms).toISOString() // 2024-03-25T18:48:53.576Z
  return `${iso.slice(0, 23)}000`
}

/** `2024-03-25T18:48:53.576000+00:00` (entry metadata, search index). */
export function esTime(ms: number): string {
  return `${micros(ms)}+00:00`
}

/** `2024-09-06T19:32:41.688000` (uploads, processing data). */
export function mongoTime(ms: number): string {
  return micros(ms)
}

/** `2022-12-14 11:59.19` as in processing_logs timestamps. */
export function logTime(ms: number): string {
  const iso = new Date(ms).toISOString()
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}.${iso.slice(17, 19)}`
}

export const DAY_MS = 86_400_000
/** Demo data spans 2019-01-01 … 2025-06-30, independent of the clock. */
export const DATA_START_MS = Date.UTC(2019, 0, 1)
export const DATA_END_MS = Date.UTC(2025, 5, 30)
