import {
  alpha,
  darken,
  DEFAULT_THEME,
  lighten,
  luminance,
  toRgba,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core'

/**
 * WCAG 2.1 AA asks 4.5:1 for text. Mantine's default palettes reach it for few colours (indigo
 * text on white is 4.3:1, green and yellow never do), so every colour's text, light-variant,
 * outline and filled values are recomputed here against the backgrounds they are drawn on; a
 * small margin keeps rounding in the browser from tipping a pair below the line.
 */
export const TEXT_CONTRAST = 4.6

const white = '#ffffff'
const { gray, dark } = DEFAULT_THEME.colors

/** Surfaces text sits on: the body, cards and striped/hovered rows, inputs. */
export const LIGHT_SURFACES = [white, gray[0], gray[1]]
export const DARK_SURFACES = [dark[7], dark[6]]

/** Secondary ("dimmed") text: 5:1 or more on every surface above, still lighter than body text. */
export const DIMMED = { light: '#62686e', dark: '#a8a8a8' }

/** The WCAG contrast ratio of two opaque colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** A translucent colour as it looks painted over an opaque one. */
export function over(color: string, background: string): string {
  const fg = toRgba(color)
  const bg = toRgba(background)
  const mix = (f: number, b: number) => Math.round(f * fg.a + b * (1 - fg.a))
  return `rgb(${mix(fg.r, bg.r)}, ${mix(fg.g, bg.g)}, ${mix(fg.b, bg.b)})`
}

function hex(color: string): string {
  const { r, g, b } = toRgba(color)
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The first colour of `candidates` that reaches `TEXT_CONTRAST` against every background; when
 * none does, the last one pushed further (darker or lighter) until it does.
 */
function firstReadable(candidates: string[], backgrounds: string[], towards: 'dark' | 'light') {
  const fits = (c: string) => backgrounds.every((bg) => contrast(c, bg) >= TEXT_CONTRAST)
  const found = candidates.find(fits)
  if (found !== undefined) return found
  let color = candidates[candidates.length - 1] ?? white
  for (let step = 0; step < 40 && !fits(color); step++) {
    color = hex(towards === 'dark' ? darken(color, 0.05) : lighten(color, 0.05))
  }
  return color
}

/** The per-colour variables Mantine derives (filled, light, outline, text), made readable. */
export function readableColorVariables(name: string, shades: MantineColorsTuple) {
  const lightTint = alpha(shades[6], 0.1)
  const darkTint = alpha(shades[6], 0.15)
  const lightBackgrounds = [...LIGHT_SURFACES, ...LIGHT_SURFACES.map((s) => over(lightTint, s))]
  const darkBackgrounds = [...DARK_SURFACES, ...DARK_SURFACES.map((s) => over(darkTint, s))]
  const lightText = firstReadable(shades.slice(6), lightBackgrounds, 'dark')
  const darkText = firstReadable(shades.slice(0, 5).reverse(), darkBackgrounds, 'light')
  const lightFilled = firstReadable(shades.slice(6), [white], 'dark')
  const darkFilled = firstReadable(shades.slice(8), [white], 'dark')
  const v = (suffix: string) => `--mantine-color-${name}-${suffix}`
  const scheme = (text: string, filled: string, tint: string) => ({
    [v('text')]: text,
    [v('light-color')]: text,
    [v('outline')]: text,
    [v('filled')]: filled,
    [v('filled-hover')]: hex(darken(filled, 0.1)),
    [v('light')]: tint,
  })
  return {
    light: scheme(lightText, lightFilled, lightTint),
    dark: scheme(darkText, darkFilled, darkTint),
  }
}

/**
 * Mantine's variables with every colour readable in both schemes: dimmed text, placeholders,
 * errors, links and the focus ring follow. Used as the provider's `cssVariablesResolver`.
 */
export const accessibleCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {}
  const dark: Record<string, string> = {}
  for (const [name, shades] of Object.entries(theme.colors)) {
    const readable = readableColorVariables(name, shades)
    Object.assign(light, readable.light)
    Object.assign(dark, readable.dark)
  }
  const primary = theme.primaryColor
  for (const [scheme, vars] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    vars['--mantine-color-dimmed'] = DIMMED[scheme]
    vars['--mantine-color-placeholder'] = DIMMED[scheme]
    vars['--mantine-color-error'] = `var(--mantine-color-red-text)`
    vars['--mantine-color-anchor'] = `var(--mantine-color-${primary}-text)`
    vars['--app-focus-ring'] = `var(--mantine-color-${primary}-text)`
    vars['--mantine-primary-color-contrast'] = white
  }
  return { variables: {}, light, dark }
}
