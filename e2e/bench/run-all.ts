/**
 * `npm run bench`: every benchmark in one batch, one after the other so they do not compete for
 * the two cores. Each writes its own JSON and markdown report under docs/benchmarks/ and prints
 * its figures against the targets with PASS/FAIL; this runner only sequences them and sums up.
 * Run it on a quiet machine: absolute figures drift ±30 % with load (each report records it).
 */
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'

const BENCHMARKS = [
  { name: 'sandbox', script: 'e2e/bench/sandbox.bench.ts', report: 'docs/benchmarks/sandbox.md' },
  {
    name: 'scheduler',
    script: 'e2e/bench/scheduler.bench.ts',
    report: 'docs/benchmarks/scheduler.md',
  },
  { name: 'browse', script: 'e2e/bench/browse.bench.ts', report: 'docs/benchmarks/browse.md' },
  { name: 'startup', script: 'e2e/bench/startup.bench.ts', report: 'docs/benchmarks/startup.md' },
  {
    name: 'downloads',
    script: 'e2e/bench/downloads.bench.ts',
    report: 'docs/benchmarks/downloads.md',
  },
  { name: 'files', script: 'e2e/bench/files.bench.ts', report: 'docs/benchmarks/files.md' },
]

const only = process.argv.slice(2)
const chosen = BENCHMARKS.filter((b) => only.length === 0 || only.includes(b.name))
const results: { name: string; ok: boolean; minutes: number; report: string }[] = []

for (const bench of chosen) {
  const [one] = loadavg()
  console.log(`\n▶ ${bench.name} (load average ${one?.toFixed(1) ?? '?'})`)
  const started = Date.now()
  const run = spawnSync('npx', ['tsx', bench.script], { stdio: 'inherit' })
  results.push({
    name: bench.name,
    ok: run.status === 0,
    minutes: Math.round((Date.now() - started) / 6000) / 10,
    report: bench.report,
  })
}

console.log('\nBenchmarks')
for (const r of results)
  console.log(`  ${r.ok ? '✔' : '✘'} ${r.name.padEnd(10)} ${r.minutes} min  → ${r.report}`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
