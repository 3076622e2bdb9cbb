// Prints the one closing line CI reads: "N passed, N failed", counting every Vitest and
// Playwright test case. A failed non-test stage (typecheck, lint, format, build) counts as one
// failed case, and a test runner that produced no report counts as one failed case, so a broken
// pipeline can never print "0 failed". Skipped cases are reported on the line before, never as passed.
import { existsSync, readFileSync } from 'node:fs'

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined)
const stages = read('.reports/stages.json') ?? {}
let passed = 0
let failed = 0
let skipped = 0

for (const [name, stage] of Object.entries(stages)) {
  if (name === 'vitest' || name === 'playwright') continue
  if (!stage.ok) failed += 1
}

if ('vitest' in stages) {
  const vitest = read('.reports/vitest.json')
  if (vitest) {
    passed += vitest.numPassedTests
    failed += vitest.numFailedTests
    skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0)
    // A suite that failed to load has no test cases but still failed.
    failed += (vitest.testResults ?? []).filter(
      (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
    ).length
  } else failed += 1
}

if ('playwright' in stages) {
  const pw = read('.reports/playwright.json')
  if (pw) {
    passed += pw.stats.expected + (pw.stats.flaky ?? 0)
    failed += pw.stats.unexpected
    skipped += pw.stats.skipped
    failed += (pw.errors ?? []).length
  } else failed += 1
}

if (skipped > 0)
  console.log(`${skipped} skipped (each with a stated reason; not counted as passed)`)
console.log(`${passed} passed, ${failed} failed`)
