import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const SCRIPT = resolve(import.meta.dirname, 'test-summary.mjs')
const FIXTURES = resolve(import.meta.dirname, 'test-fixtures')
const dirs: string[] = []

/**
 * Runs test-summary.mjs in a folder holding .reports/ as `npm test` leaves it; the fixtures'
 * absolute paths (<CWD>) become that folder, as the real reports name the repository's.
 */
function summarize(reports: { vitest?: string; playwright?: string }): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'nomad-summary-'))
  dirs.push(dir)
  mkdirSync(join(dir, '.reports'))
  const stages: Record<string, { ok: boolean }> = { typecheck: { ok: true } }
  if (reports.vitest) {
    stages.vitest = { ok: true }
    copy(reports.vitest, join(dir, '.reports/vitest.json'), dir)
  }
  if (reports.playwright) {
    stages.playwright = { ok: true }
    copy(reports.playwright, join(dir, '.reports/playwright.json'), dir)
  }
  writeFileSync(join(dir, '.reports/stages.json'), JSON.stringify(stages))
  const run = spawnSync(process.execPath, [SCRIPT], { cwd: dir, encoding: 'utf8' })
  expect(run.stderr).toBe('')
  return run.stdout.trimEnd().split('\n')
}

function copy(fixture: string, to: string, cwd: string): void {
  writeFileSync(to, readFileSync(join(FIXTURES, fixture), 'utf8').replaceAll('<CWD>', cwd))
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the closing test summary', () => {
  it('names each skipped Playwright test with the reason given to test.skip', () => {
    const lines = summarize({ playwright: 'playwright-report.json' })
    expect(lines).toEqual([
      '1 skipped (not counted as passed):',
      '  - e2e/electron/smoke.spec.ts:14 › Electron smoke › the window is sandboxed and the preload exposes only window.nomad: Electron binary not installed on this machine (see README)',
      '3 passed, 0 failed',
    ])
  })

  it('names a skipped Vitest test and says when no reason was recorded', () => {
    const lines = summarize({ vitest: 'vitest-report.json', playwright: 'playwright-report.json' })
    expect(lines[0]).toBe('2 skipped (not counted as passed):')
    expect(lines).toContain('  - electron/core/x.test.ts › x › needs a GPU: no reason recorded')
    expect(lines.at(-1)).toBe('5 passed, 0 failed')
  })
})
