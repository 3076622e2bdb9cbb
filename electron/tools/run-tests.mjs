// `npm test`: typecheck, lint, unit + integration + renderer tests (Vitest), build, e2e
// (Playwright in Chromium). Every stage runs even when an earlier one fails, so one run reports
// everything that is broken; the exit code is non-zero if anything failed. Stage results go to
// .reports/stages.json, which test-summary.mjs turns into the closing "N passed, N failed" line.
//
// Why the first group runs at once: typecheck, lint and format are each mostly one thread (their
// garbage collectors add some), and CI has two cores. One after another they took 287 s on CI;
// together 247–277 s, as long as lint alone takes beside the others. Their output is held and
// printed whole as each ends, so it never interleaves. Vitest and Playwright run alone: their tests time real
// work (kill proofs, throughput, timeouts) and must not share the cores with a compiler.
// `npm test -- lint vitest` runs only the named stages.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync, rmSync } from 'node:fs'

const only = process.argv.slice(2)
const groups = [
  [
    ['lint', 'npx', ['eslint', '.']],
    ['typecheck', 'npx', ['tsc', '-b']],
    ['format', 'npx', ['prettier', '--check', '.']],
  ],
  // Not beside them: electron-vite writes a temporary electron.vite.config.ts.<n>.mjs into the
  // repository while it builds, and prettier, which had listed it, failed on the vanished file.
  [['build', 'npx', ['electron-vite', 'build']]],
  [
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
  ],
  // Seconds: the renderer's initial and first-screen JavaScript against their gzip budgets.
  [['bundle', 'npx', ['tsx', 'e2e/bench/bundle-check.ts']]],
  [['playwright', 'npx', ['playwright', 'test']]],
]
  .map((group) => group.filter(([name]) => only.length === 0 || only.includes(name)))
  .filter((group) => group.length > 0)

/** Runs one stage; with `hold`, its output is kept and printed in one piece when it ends. */
function runStage([name, cmd, args], hold) {
  const started = Date.now()
  console.log(
    `\n▶ ${name}: ${cmd} ${args.join(' ')}${hold ? ' (beside others; output when done)' : ''}`,
  )
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    const held = []
    child.stdout?.on('data', (data) => held.push(data))
    child.stderr?.on('data', (data) => held.push(data))
    const end = (ok) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10
      if (hold) process.stdout.write(`\n── ${name} output ──\n${Buffer.concat(held).toString()}`)
      console.log(`${ok ? '✔' : '✘'} ${name} ${ok ? 'passed' : 'FAILED'} in ${seconds} s`)
      resolve({ ok, seconds })
    }
    child.on('error', (error) => {
      held.push(Buffer.from(`${error.message}\n`))
      end(false)
    })
    child.on('close', (code) => end(code === 0))
  })
}

mkdirSync('.reports', { recursive: true })
rmSync('.reports/vitest.json', { force: true })
rmSync('.reports/playwright.json', { force: true })
const results = {}
for (const group of groups) {
  const outcomes = await Promise.all(group.map((stage) => runStage(stage, group.length > 1)))
  group.forEach(([name], i) => (results[name] = outcomes[i]))
}
writeFileSync('.reports/stages.json', JSON.stringify(results, null, 2))
const summary = spawn('node', ['electron/tools/test-summary.mjs'], { stdio: 'inherit' })
const summaryCode = await new Promise((resolve) => summary.on('close', resolve))
process.exit(Object.values(results).every((r) => r.ok) && summaryCode === 0 ? 0 : 1)
