/**
 * Text widths for sizing columns to their content, without laying out DOM: a canvas measures
 * in the real font. Where no canvas exists (tests in jsdom) an estimate from the character
 * count stands in, which keeps "longer text, wider column" true.
 */

export interface TextFont {
  /** CSS font shorthand, e.g. "600 12px Inter, sans-serif". */
  css: string
  px: number
  /** Extra space per character (header letter-spacing). */
  letterSpacing: number
  upperCase: boolean
}

const cache = new Map<string, number>()
let context: OffscreenCanvasRenderingContext2D | null | undefined

function canvas(): OffscreenCanvasRenderingContext2D | null {
  if (context === undefined)
    context =
      typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d')
  return context
}

export function textWidth(text: string, font: TextFont): number {
  const shown = font.upperCase ? text.toUpperCase() : text
  const key = `${font.css}\u0000${shown}`
  const known = cache.get(key)
  if (known !== undefined) return known
  const ctx = canvas()
  let width: number
  if (ctx) {
    ctx.font = font.css
    width = ctx.measureText(shown).width
  } else {
    width = shown.length * font.px * 0.6
  }
  width = Math.ceil(width + shown.length * font.letterSpacing)
  // Bounded: sampled cells are a few thousand distinct strings at most per session.
  if (cache.size > 20_000) cache.clear()
  cache.set(key, width)
  return width
}

/** The fonts of the table's cells and headers, from the grid's font family and root size. */
export function tableFonts(fontFamily: string): { cell: TextFont; header: TextFont } {
  const family = fontFamily || 'sans-serif'
  const rootPx = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16
  // The sizes of the CSS module: cells at font-size sm (0.875rem), headers at xs (0.75rem),
  // weight 600.
  const cellPx = rootPx * 0.875
  const headerPx = rootPx * 0.75
  return {
    cell: { css: `400 ${cellPx}px ${family}`, px: cellPx, letterSpacing: 0, upperCase: false },
    header: {
      css: `600 ${headerPx}px ${family}`,
      px: headerPx,
      letterSpacing: 0,
      upperCase: false,
    },
  }
}
