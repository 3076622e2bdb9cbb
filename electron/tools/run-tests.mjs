// `npm test`: typecheck, lint, unit + integration + renderer tests (Vitest), build, e2e
// (Playwright in Chromium). Every stage runs even when an earlier one fails, so one run reports
// everything that is broken; the exit code is non-zero if anything failed. Stage results go to
// .reports/stages.json, which test-summary.mjs turns into the closing "N passed, N failed" line.
// `npm test -- lint vitest` runs only the named stages.
//
// One stage at a time: typecheck, lint, format and the build run at once took 277 s on CI's two
// cores against 286 s one after another (each compiler already keeps more than one core busy
// with its garbage collector), and their output interleaved.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync, rmSync } from 'node:fs'

const only = process.argv.slice(2)
const stages = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
  [
    'vitest',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.reports/vitest.json',
    ],
  ],
  ['build', 'npx', ['electron-vite', 'build']],
  // Seconds: the renderer's initial and first-screen JavaScript against their gzip budgets.
  ['bundle', 'npx', ['tsx', 'e2e/bench/bundle-check.ts']],
  ['playwright', 'npx', ['playwright', 'test']],
].filter(([name]) => only.length === 0 || only.includes(name))

mkdirSync('.reports', { recursive: true })
rmSync('.reports/vitest.json', { force: true })
rmSync('.reports/playwright.json', { force: true })
const results = {}
for (const [name, cmd, args] of stages) {
  const started = Date.now()
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  const ok = run.status === 0
  results[name] = { ok, seconds: Math.round((Date.now() - started) / 100) / 10 }
  console.log(`${ok ? '✔' : '✘'} ${name} ${ok ? 'passed' : 'FAILED'} in ${results[name].seconds} s`)
}
writeFileSync('.reports/stages.json', JSON.stringify(results, null, 2))
const summary = spawnSync('node', ['electron/tools/test-summary.mjs'], { stdio: 'inherit' })
process.exit(Object.values(results).every((r) => r.ok) && summary.status === 0 ? 0 : 1)
