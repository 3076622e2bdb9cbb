/**
 * Column widths from content: each column wants the width of its widest sampled value (or its
 * header), kept within its own min and max; then the columns are fitted to the space there is.
 * Pure, so the rules can be tested without a browser.
 */

export interface ColumnFitInput {
  id: string
  /** Width the content asks for (widest sampled cell or the header, padding included). */
  natural: number
  min: number
  max: number
  /** Gives way first when space is short (free text such as author lists, long names). */
  elastic?: boolean
  /**
   * Elastic columns only: how far below `min` they go before any other column is cut, so a
   * short value (a program, a crystal system) stays whole while the free text carries the
   * ellipsis. Defaults to `min`.
   */
  floor?: number
  /** Set by the researcher (dragged or by keys): kept as it is, never stretched or shrunk. */
  user?: number
}

/**
 * Widths that fill `available` when the content allows: content widths clamped to min/max;
 * leftover space goes to the columns the researcher did not size, in proportion to their width.
 * When the columns do not fit, they give way in this order: elastic columns down to their
 * minimum, then elastic columns down to their floor, then the others down to their minimum.
 * Within each step the widest shrink first (a common cap), so short values such as a method or
 * a date stay whole longest. No column goes below its minimum (or its content, when that is
 * narrower); below the sum of those the table scrolls sideways instead.
 */
export function fitWidths(columns: ColumnFitInput[], available: number): number[] {
  const wanted = columns.map((c) => Math.round(c.user ?? clamp(c.natural, c.min, c.max)))
  const free = columns.map((c) => c.user === undefined)
  const total = sum(wanted)
  if (available <= 0 || total === available) return wanted

  if (total < available) {
    if (!wanted.some((w, i) => free[i] && w > 0)) return wanted
    return spread(wanted, available - total, (w, i) => (free[i] ? w : 0))
  }

  const steps: { elastic: boolean; floor: (c: ColumnFitInput) => number }[] = [
    { elastic: true, floor: (c) => c.min },
    { elastic: true, floor: (c) => Math.min(c.min, c.floor ?? c.min) },
    { elastic: false, floor: (c) => c.min },
  ]
  let out = wanted
  for (const step of steps) {
    const over = sum(out) - available
    if (over <= 0) break
    const group = columns.map((c, i) => (free[i] ?? false) && Boolean(c.elastic) === step.elastic)
    const floor = columns.map((c, i) => Math.min(step.floor(c), wanted[i] ?? 0))
    out = capWidest(out, floor, group, over)
  }
  return out
}

/** Lowers the widest of `group` to a common cap (never below `floor`) to save `over` pixels. */
function capWidest(widths: number[], floor: number[], group: boolean[], over: number): number[] {
  const at = (cap: number) =>
    widths.map((w, i) => (group[i] ? Math.max(floor[i] ?? 0, Math.min(w, cap)) : w))
  const target = sum(widths) - over
  let low = 0
  let high = Math.max(0, ...widths)
  if (sum(at(low)) >= target) return at(low)
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2)
    if (sum(at(mid)) > target) high = mid
    else low = mid
  }
  const out = at(low)
  // Whole-pixel caps leave a few pixels: hand them back to the capped columns, left first.
  let rest = target - sum(out)
  for (let i = 0; i < out.length && rest > 0; i++) {
    if (group[i] && (out[i] ?? 0) < (widths[i] ?? 0)) {
      out[i] = (out[i] ?? 0) + 1
      rest--
    }
  }
  return out
}

/** Adds `amount` across columns by weight, in whole pixels, summing exactly. */
function spread(widths: number[], amount: number, weight: (w: number, i: number) => number) {
  const weights = widths.map(weight)
  const total = sum(weights)
  const out = widths.map((w, i) => w + Math.floor((amount * (weights[i] ?? 0)) / total))
  // Rounding leaves a few pixels: give them to the last weighted column so the sum is exact.
  const rest = sum(widths) + amount - sum(out)
  const last = weights.findLastIndex((w) => w > 0)
  if (last >= 0) out[last] = (out[last] ?? 0) + rest
  return out
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value))
}
