/** Numbers and values as the search screen shows them. */

/** 12345 → "12 345" (no-break spaces, so a count never wraps). */
export function formatCount(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')
}

/** A physical value with 4 significant digits, without float noise or exponent for usual sizes. */
export function formatNumber(value: number): string {
  if (value === 0) return '0'
  const abs = Math.abs(value)
  if (abs >= 1e-3 && abs < 1e6) return String(Number(value.toPrecision(4)))
  return value.toExponential(3).replace(/\.?0+e/, 'e')
}

/** An ISO date-time as "2023-05-02 09:14" (UTC, as the server stores it). */
export function formatDateTime(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(text)
  if (!match) return text
  return match[2] ? `${match[1]} ${match[2]}` : (match[1] ?? text)
}

/** An ISO date-time as its day, "2023-05-02" (UTC): what a table column needs to compare rows. */
export function formatDate(text: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0] ?? text
}
