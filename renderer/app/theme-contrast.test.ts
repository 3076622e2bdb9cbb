import { DEFAULT_THEME } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { theme } from './theme'
import {
  accessibleCssVariables,
  contrast,
  DARK_SURFACES,
  DIMMED,
  LIGHT_SURFACES,
  over,
  readableColorVariables,
} from './theme-contrast'

const AA = 4.5

describe('readable theme colours (WCAG 2.1 AA, 4.5:1 for text)', () => {
  // Every palette, including those Mantine's defaults never make readable (yellow, lime).
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    it(`${name}: text, light and outline variants and filled buttons, in both schemes`, () => {
      const { light, dark } = readableColorVariables(name, shades)
      const at = (vars: Record<string, string>, suffix: string) =>
        vars[`--mantine-color-${name}-${suffix}`] ?? ''
      for (const surface of LIGHT_SURFACES) {
        expect(contrast(at(light, 'text'), surface)).toBeGreaterThanOrEqual(AA)
        const tint = over(at(light, 'light'), surface)
        expect(contrast(at(light, 'light-color'), tint)).toBeGreaterThanOrEqual(AA)
      }
      for (const surface of DARK_SURFACES) {
        expect(contrast(at(dark, 'text'), surface)).toBeGreaterThanOrEqual(AA)
        const tint = over(at(dark, 'light'), surface)
        expect(contrast(at(dark, 'light-color'), tint)).toBeGreaterThanOrEqual(AA)
      }
      for (const vars of [light, dark]) {
        expect(contrast('#ffffff', at(vars, 'filled'))).toBeGreaterThanOrEqual(AA)
        expect(contrast('#ffffff', at(vars, 'filled-hover'))).toBeGreaterThanOrEqual(AA)
      }
    })
  }

  it('takes the palette’s own shade where one passes, a darkened one only where none does', () => {
    const indigo = readableColorVariables('indigo', DEFAULT_THEME.colors.indigo)
    expect(DEFAULT_THEME.colors.indigo).toContain(indigo.light['--mantine-color-indigo-text'])
    expect(indigo.light['--mantine-color-indigo-filled']).toBe(DEFAULT_THEME.colors.indigo[7])
    const yellow = readableColorVariables('yellow', DEFAULT_THEME.colors.yellow)
    expect(DEFAULT_THEME.colors.yellow).not.toContain(yellow.light['--mantine-color-yellow-text'])
  })

  it('dimmed text reads on every surface and stays lighter than body text', () => {
    for (const surface of LIGHT_SURFACES) {
      expect(contrast(DIMMED.light, surface)).toBeGreaterThanOrEqual(AA)
    }
    for (const surface of DARK_SURFACES) {
      expect(contrast(DIMMED.dark, surface)).toBeGreaterThanOrEqual(AA)
    }
    expect(contrast(DIMMED.light, '#ffffff')).toBeLessThan(contrast('#000000', '#ffffff'))
  })

  it('points errors, links and the focus ring at the readable values', () => {
    const resolved = accessibleCssVariables({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME)
    for (const scheme of [resolved.light, resolved.dark]) {
      expect(scheme['--mantine-color-error']).toBe('var(--mantine-color-red-text)')
      expect(scheme['--app-focus-ring']).toBe('var(--mantine-color-indigo-text)')
      expect(scheme['--mantine-color-anchor']).toBe('var(--mantine-color-indigo-text)')
    }
  })
})
