import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The renderer loads Mantine's CSS per component (renderer/app/mantine-styles.ts), not the whole
 * styles.css. A component imported from @mantine/core without its CSS file there would render
 * unstyled, so every imported component that has a file must be listed.
 */
const ROOT = resolve(import.meta.dirname, '../..')
const STYLES_DIR = join(ROOT, 'node_modules/@mantine/core/styles')
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g

function rendererSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name)
    if (item.isDirectory()) return rendererSources(path)
    return /\.tsx?$/.test(item.name) && !/\.test\.tsx?$/.test(item.name) ? [path] : []
  })
}

function importedComponents(): Set<string> {
  const names = new Set<string>()
  for (const file of rendererSources(join(ROOT, 'renderer'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part.trim().replace(/\s+as\s+.*$/, '')
        if (/^[A-Z]/.test(name)) names.add(name)
      }
    }
  }
  return names
}

describe('Mantine CSS per component', () => {
  it('lists the CSS file of every component the renderer imports', () => {
    const listed = readFileSync(join(ROOT, 'renderer/app/mantine-styles.ts'), 'utf8')
    const missing = [...importedComponents()]
      .filter((name) => existsSync(join(STYLES_DIR, `${name}.css`)))
      .filter((name) => !listed.includes(`'@mantine/core/styles/${name}.css'`))
    expect(missing, 'add these to renderer/app/mantine-styles.ts').toEqual([])
  })

  it('lists only files Mantine has', () => {
    const listed = readFileSync(join(ROOT, 'renderer/app/mantine-styles.ts'), 'utf8')
    const files = [...listed.matchAll(/'@mantine\/core\/styles\/([^']+)'/g)].map((m) => m[1] ?? '')
    expect(files.filter((file) => !existsSync(join(STYLES_DIR, file)))).toEqual([])
  })
})
