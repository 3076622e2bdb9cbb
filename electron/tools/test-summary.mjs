// Prints the closing lines CI reads: each skipped test with its reason, then "N passed, N
// failed", counting every Vitest and Playwright test case. A failed non-test stage (typecheck,
// lint, format, build) counts as one failed case, and a test runner that produced no report
// counts as one failed case, so a broken pipeline can never print "0 failed". Skipped cases are
// listed before that line, never counted as passed.
import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, relative } from 'node:path'

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined)
/** Report paths are absolute; the repository-relative form is what a reader can open. */
const local = (path) => (isAbsolute(path) ? relative(process.cwd(), path) : path)
const stages = read('.reports/stages.json') ?? {}
let passed = 0
let failed = 0
let skipped = 0
/** "where › test: reason", one per skipped test case. */
const skips = []

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
    for (const file of vitest.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (['skipped', 'pending', 'todo'].includes(test.status))
          // Vitest's JSON report keeps no reason for it.skip / it.todo.
          skips.push(
            `${[local(file.name), ...test.ancestorTitles, test.title].join(' › ')}: ${test.status === 'todo' ? 'todo' : 'no reason recorded'}`,
          )
  } else failed += 1
}

/** Every Playwright test case of a suite tree, with the titles of the suites above it. */
function* playwrightTests(suite, titles) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) yield { spec, test, titles: [...titles, spec.title] }
  for (const child of suite.suites ?? [])
    yield* playwrightTests(child, child.title === child.file ? titles : [...titles, child.title])
}

if ('playwright' in stages) {
  const pw = read('.reports/playwright.json')
  if (pw) {
    passed += pw.stats.expected + (pw.stats.flaky ?? 0)
    failed += pw.stats.unexpected
    skipped += pw.stats.skipped
    failed += (pw.errors ?? []).length
    // Spec files are named relative to the test folder (config.rootDir).
    const rootDir = pw.config?.rootDir ? local(pw.config.rootDir) : ''
    for (const top of pw.suites ?? [])
      for (const { spec, test, titles } of playwrightTests(top, [])) {
        if (test.status !== 'skipped') continue
        const reason = (test.annotations ?? []).find((a) => a.type === 'skip' || a.type === 'fixme')
        const where = `${rootDir ? `${rootDir}/` : ''}${spec.file}:${spec.line}`
        skips.push(`${[where, ...titles].join(' › ')}: ${reason?.description || 'no reason given'}`)
      }
  } else failed += 1
}

if (skipped > 0) {
  console.log(`${skipped} skipped (not counted as passed):`)
  for (const skip of skips) console.log(`  - ${skip}`)
}
console.log(`${passed} passed, ${failed} failed`)
