/** A converted number, short: 6 significant digits, no trailing zeros. */
export function formatNumber(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value)
  const abs = Math.abs(value)
  if (abs >= 1e-4 && abs < 1e9) return String(Number(value.toPrecision(6)))
  return value.toExponential(5).replace(/\.?0+e/, 'e')
}
