const UNITS = ['KiB', 'MiB', 'GiB', 'TiB']

/** 65536 → "64 KiB", 1536 → "1.5 KiB", 12 → "12 bytes" (binary units, as file managers do). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  const shown = value >= 100 ? Math.round(value) : Number(value.toFixed(1))
  return `${shown} ${UNITS[unit] ?? ''}`
}

// One formatter for every row: toLocaleString builds a new one per call (≈ 0.1 ms each).
const GROUPED = new Intl.NumberFormat('en-US')

/** 2000000 → "2,000,000". */
export function formatCount(value: number): string {
  return GROUPED.format(value)
}

/** " (2,000,000 bytes)" when the human size is rounded, else "" (exact already). */
export function formatExact(bytes: number): string {
  return bytes >= 1024 ? ` (${formatCount(bytes)} bytes)` : ''
}
