/**
 * `npm run bench:downloads`: the download engine (the real core, in a child process like the
 * web host) against the sandbox (its own child process), with the reference tools in the same
 * batch: `curl -o` for one 2 GiB file with limits off (and, reported, curl -o then sha256sum,
 * curl -o then an fsync, and dd's durable write rate: references that also check or store the
 * bytes as the engine does), and NOMAD's Python client strategy
 * (fixed 20 requests/s, 8 in flight) for 2 000 small files under a 30 requests/s, 10-at-a-time
 * limit. Also the host's RSS growth (1 GiB vs 2 GiB) and the latency of interactive calls made
 * through the same core during the 2 GiB download. Writes docs/benchmarks/downloads.json and
 * downloads.md. Not a test: targets are reported with PASS/FAIL, the exit code says whether
 * all passed. BENCH_RUNS sets the paired curl/engine runs (default 3); BENCH_ONLY=big runs
 * only those pairs and prints them (no report written), to measure a throughput change quickly;
 * BENCH_SMALL_PAIRS sets the interleaved small-files pairs (default 3).
 */
import { loadavg } from 'node:os'
import { BIG_FILE_UPLOAD_ID } from '../../electron/sandbox/testing/fixtures'
import type { SandboxOptions } from '../../electron/sandbox'
import {
  curlAvailable,
  entriesWithFiles,
  processCpuMs,
  runCurl,
  runDiskReference,
  runEngine,
  ScratchBin,
  runFixedStrategy,
} from './support/download-scenarios'
import {
  machineFacts,
  markdownTable,
  writeJsonReport,
  writeMarkdownReport,
  type BenchTarget,
} from './support/report'
import { startSandboxChild, type SandboxChild } from './support/sandbox-child'
import { log, raisePriority } from './support/scheduler-scenarios'
import { percentile, round1 } from './support/stats'

const MIB = 1024 * 1024
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SMALL_FILES = 2000
/** Interleaved pairs of small-files runs, limits off and on (BENCH_SMALL_PAIRS). */
const SMALL_PAIRS = Number(process.env.BENCH_SMALL_PAIRS ?? 3)
const sum = (values: number[]) => values.reduce((total, v) => total + v, 0)
const median = (values: number[]) => percentile(values, 50)
const mbps = (bytes: number, ms: number) => bytes / MIB / (ms / 1000)
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${round1(Math.abs(value))}`

type Target = BenchTarget

interface CpuPerGiB {
  curl: number
  sandboxForCurl: number
  engine: number
  engineMain: number
  engineOthers: number
  engineEnded: number
  sandboxForEngine: number
}

async function withSandbox<T>(options: SandboxOptions, run: (s: SandboxChild) => Promise<T>) {
  const sandbox = await startSandboxChild(options)
  try {
    return await run(sandbox)
  } finally {
    await sandbox.close()
  }
}

const bigSource = { kind: 'upload', uploadId: BIG_FILE_UPLOAD_ID } as const
const bigUrl = (s: SandboxChild) => `${s.baseUrl}/uploads/${BIG_FILE_UPLOAD_ID}/raw/big.bin`

async function main(): Promise<void> {
  const priority = raisePriority()
  const loadBefore = loadavg()
  const targets: Target[] = []
  const raw: Record<string, unknown> = {}
  const unlimited = { rate: null, concurrency: null }
  if (!curlAvailable()) throw new Error('curl is not installed (apt-get install -y curl)')

  // 1. One 2 GiB file, limits off: curl and the engine in turn, RUNS pairs.
  const big = await withSandbox(
    { entries: 50, fixtures: { bigFileBytes: 2048 * MIB }, limits: unlimited },
    async (sandbox) => {
      const pairs: {
        curl: number
        /** curl -o, then sha256sum of the file: a reference that checks what it fetched. */
        curlSha: number
        /** curl -o, then an fsync of the file: a reference whose bytes are on disk at the end. */
        curlSync: number
        /** The disk's durable write rate (dd of zeros with fdatasync). */
        disk: number
        engine: number
        growth: number
        ok: boolean
        /** CPU ms per GiB of each process (and the engine's threads) during the transfer. */
        cpu: CpuPerGiB
        load: number
      }[] = []
      for (let r = 0; r < RUNS; r++) {
        const load = loadavg()[0] ?? NaN
        const sandboxBefore = processCpuMs(sandbox.pid)
        const curl = runCurl(bigUrl(sandbox))
        const sandboxCurl = processCpuMs(sandbox.pid) - sandboxBefore
        const curlSha = runCurl(bigUrl(sandbox), 'sha256sum')
        const curlSync = runCurl(bigUrl(sandbox), 'fsync')
        const diskMs = runDiskReference(2048)
        const sandboxEngineBefore = processCpuMs(sandbox.pid)
        const engine = await runEngine(sandbox.baseUrl, bigSource)
        const sandboxEngine = processCpuMs(sandbox.pid) - sandboxEngineBefore
        const ok = engine.job?.state === 'done' && engine.job.bytesDone === 2048 * MIB
        const main = engine.threadCpuMs.main ?? NaN
        const others = engine.threadCpuMs['other threads'] ?? NaN
        // CPU ms per GiB (a 2 GiB file): what each costs, whatever else the machine is doing.
        const cpu: CpuPerGiB = {
          curl: curl.cpuMs / 2,
          sandboxForCurl: sandboxCurl / 2,
          engine: engine.cpuMs / 2,
          engineMain: main / 2,
          engineOthers: others / 2,
          // Threads gone by the end: the hash worker (it stops once it has the digest).
          engineEnded: (engine.cpuMs - main - others) / 2,
          sandboxForEngine: sandboxEngine / 2,
        }
        pairs.push({
          curl: mbps(curl.bytes, curl.ms),
          curlSha: mbps(curlSha.bytes, curlSha.ms),
          curlSync: mbps(curlSync.bytes, curlSync.ms),
          disk: mbps(2048 * MIB, diskMs),
          engine: mbps(2048 * MIB, engine.ms),
          growth: (engine.rssPeak - engine.rssBefore) / MIB,
          ok,
          cpu,
          load,
        })
        const s = (ms: number) => (ms / 1000).toFixed(2)
        log(
          `  2 GiB run ${r + 1} (load ${load.toFixed(1)}): curl ${round1(pairs[r]?.curl ?? 0)} MiB/s, curl + sha256sum ${round1(pairs[r]?.curlSha ?? 0)} MiB/s, curl + fsync ${round1(pairs[r]?.curlSync ?? 0)} MiB/s, dd with fdatasync ${round1(pairs[r]?.disk ?? 0)} MiB/s, engine ${round1(pairs[r]?.engine ?? 0)} MiB/s, RSS +${round1(pairs[r]?.growth ?? 0)} MiB, ${engine.job?.state}; CPU s/GiB curl ${s(cpu.curl)} (sandbox ${s(cpu.sandboxForCurl)}), engine ${s(cpu.engine)} = main ${s(cpu.engineMain)} + other threads ${s(cpu.engineOthers)} + hash worker ${s(cpu.engineEnded)} (sandbox ${s(cpu.sandboxForEngine)})`,
        )
      }
      // BENCH_ONLY=big: the pairs alone.
      if (process.env.BENCH_ONLY === 'big') return { pairs, probed: undefined }
      // Interactive calls through the core while it downloads, with the server's limits on.
      await sandbox.setLimits({ rate: 30, concurrency: 10 })
      const probed = await runEngine(sandbox.baseUrl, bigSource, {
        uploadId: BIG_FILE_UPLOAD_ID,
        idle: 20,
        everyMs: 200,
      })
      return { pairs, probed }
    },
  )
  const ratios = big.pairs.map((p) => p.engine / p.curl)
  const shaRatios = big.pairs.map((p) => p.engine / p.curlSha)
  const syncRatios = big.pairs.map((p) => p.engine / p.curlSync)
  const diskRatios = big.pairs.map((p) => p.engine / p.disk)
  if (process.env.BENCH_ONLY === 'big') {
    log(
      `  2 GiB median ratio ${median(ratios).toFixed(2)}× curl -o, ${median(shaRatios).toFixed(2)}× curl -o + sha256sum, ${median(syncRatios).toFixed(2)}× curl -o + fsync, ${median(diskRatios).toFixed(2)}× dd with fdatasync`,
    )
    process.exit(0)
  }
  const probed = big.probed
  if (probed === undefined) throw new Error('the interactive-call run did not happen')
  const growth2 = median(big.pairs.map((p) => p.growth))
  const cpuOf = (who: keyof CpuPerGiB) =>
    (median(big.pairs.map((p) => p.cpu[who])) / 1000).toFixed(2)
  raw.big = big
  targets.push({
    metric: '2 GiB file, limits off: throughput vs curl -o (median of paired runs)',
    target: '≥ 0.95×',
    measured: `${round1(median(ratios) * 100) / 100}× (${round1(median(big.pairs.map((p) => p.engine)))} MiB/s)`,
    reference: `curl ${round1(median(big.pairs.map((p) => p.curl)))} MiB/s; CPU s per GiB (median): engine ${cpuOf('engine')} (main thread ${cpuOf('engineMain')}, write and other threads ${cpuOf('engineOthers')}, hash worker ${cpuOf('engineEnded')}), sandbox ${cpuOf('sandboxForEngine')}; curl ${cpuOf('curl')}, sandbox ${cpuOf('sandboxForCurl')}; load ${big.pairs.map((p) => p.load.toFixed(1)).join(', ')}`,
    pass: median(ratios) >= 0.95 && big.pairs.every((p) => p.ok),
  })
  targets.push({
    metric: '2 GiB file: throughput vs curl -o then sha256sum (a reference that also verifies)',
    target: 'reported',
    measured: `${round1(median(shaRatios) * 100) / 100}×`,
    reference: `curl -o + sha256sum ${round1(median(big.pairs.map((p) => p.curlSha)))} MiB/s`,
    pass: true,
  })
  targets.push({
    metric:
      '2 GiB file: throughput vs curl -o then an fsync of the file (bytes on disk at the end, as the engine has them)',
    target: 'reported',
    measured: `${round1(median(syncRatios) * 100) / 100}×`,
    reference: `curl -o + sync -d ${round1(median(big.pairs.map((p) => p.curlSync)))} MiB/s`,
    pass: true,
  })
  targets.push({
    metric:
      "2 GiB file: throughput vs the disk's durable write rate (dd of 2 GiB of zeros, conv=fdatasync)",
    target: 'reported',
    measured: `${round1(median(diskRatios) * 100) / 100}×`,
    reference: `dd ${round1(median(big.pairs.map((p) => p.disk)))} MiB/s (runs: ${big.pairs.map((p) => round1(p.disk)).join(', ')})`,
    pass: true,
  })

  // 2. RSS flat as the size doubles: one 1 GiB run.
  const one = await withSandbox(
    { entries: 50, fixtures: { bigFileBytes: 1024 * MIB }, limits: unlimited },
    (sandbox) => runEngine(sandbox.baseUrl, bigSource),
  )
  const growth1 = (one.rssPeak - one.rssBefore) / MIB
  raw.oneGiB = one
  targets.push({
    metric: 'host RSS growth during the 2 GiB download (median)',
    target: '≤ 150 MiB',
    measured: `${round1(growth2)} MiB`,
    reference: '',
    pass: growth2 <= 150,
  })
  targets.push({
    metric: 'RSS growth, 2 GiB minus 1 GiB (flat as the size doubles)',
    target: '≤ 20 MiB',
    measured: `${round1(growth2 - growth1)} MiB (1 GiB: +${round1(growth1)} MiB)`,
    reference: '',
    pass: growth2 - growth1 <= 20,
  })
  const idle95 = percentile(probed.idleMs, 95)
  const busy95 = percentile(probed.busyMs, 95)
  targets.push({
    metric: 'interactive call p95 during the 2 GiB download, over idle',
    target: '≤ 250 ms',
    measured: `${signed(busy95 - idle95)} ms (idle ${round1(idle95)} ms, busy ${round1(busy95)} ms, ${probed.busyMs.length} calls, ${probed.probeFailures} failed)`,
    reference: '',
    pass: busy95 - idle95 <= 250 && probed.probeFailures === 0 && probed.busyMs.length >= 5,
  })

  // 3. 2 000 small files under 30 requests/s and 10 at a time.
  const small = await withSandbox(
    { entries: 1500, largeFileBytes: 1 * MIB, limits: unlimited },
    async (sandbox) => {
      const { entryIds, urls } = await entriesWithFiles(sandbox, SMALL_FILES)
      const source = { kind: 'entries', entryIds } as const
      // The job's own time (limits off) and its time under the limits, in interleaved pairs
      // after an unmeasured run that warms the sandbox's caches, as a long-running server's
      // are. Each run's files stay until the end (ScratchBin says why).
      const bin = new ScratchBin()
      const run = async (limits: typeof unlimited | { rate: number; concurrency: number }) => {
        await sandbox.setLimits(limits)
        await sandbox.resetStats()
        const result = await runEngine(sandbox.baseUrl, source, undefined, bin)
        return { result, stats: await sandbox.stats() }
      }
      const limits = { rate: 30, concurrency: 10 }
      await run(unlimited)
      const free: Awaited<ReturnType<typeof run>>[] = []
      const limited: Awaited<ReturnType<typeof run>>[] = []
      for (let pair = 0; pair < SMALL_PAIRS; pair++) {
        // The order alternates within pairs, so neither side always runs first.
        if (pair % 2 === 0) free.push(await run(unlimited))
        limited.push(await run(limits))
        if (pair % 2 === 1) free.push(await run(unlimited))
        log(
          `  small files pair ${pair + 1}: limits off ${round1((free[pair]?.result.ms ?? 0) / 1000)} s, limited ${round1((limited[pair]?.result.ms ?? 0) / 1000)} s`,
        )
      }
      bin.empty()
      await sandbox.setLimits(limits)
      await sandbox.resetStats()
      const fixed = await runFixedStrategy(urls)
      const fixedStats = await sandbox.stats()
      return { files: urls.length, free, limited, fixed, fixedStats }
    },
  )
  raw.small = small
  const limitedRuns = small.limited.map((r) => r.result)
  const requests = Math.max(...small.limited.map((r) => r.stats.requests))
  const allRequests = sum(small.limited.map((r) => r.stats.requests))
  const refused = sum(small.limited.map((r) => r.stats.byStatus['503'] ?? 0))
  const share503 = refused / Math.max(1, allRequests)
  const freeMs = median(small.free.map((r) => r.result.ms))
  const limitedMs = median(limitedRuns.map((r) => r.ms))
  const minimum = Math.max(freeMs, (requests / 30) * 1000)
  const over = limitedMs / minimum - 1
  const fixedMin = (small.files / 20) * 1000
  const fixedShare =
    (small.fixedStats.byStatus['503'] ?? 0) / Math.max(1, small.fixedStats.requests)
  const fixedText = `NOMAD client strategy: ${round1(small.fixed.ms / 1000)} s (minimum ${round1(fixedMin / 1000)} s at 20/s), ${small.fixed.failed} failed, 503 share ${round1(fixedShare * 100)} %`
  targets.push({
    metric: `${small.files} small files, 30 r/s + 10 at a time: completion vs the limit-bound minimum`,
    target: '≤ +10 %',
    measured: `${round1(limitedMs / 1000)} s vs ${round1(minimum / 1000)} s (${signed(over * 100)} %; medians of ${limitedRuns.length} runs each, ${requests} requests a run; limits off ${small.free.map((r) => round1(r.result.ms / 1000)).join(', ')} s, limited ${limitedRuns.map((r) => round1(r.ms / 1000)).join(', ')} s)`,
    reference: fixedText,
    pass: over <= 0.1,
  })
  targets.push({
    metric: 'small files: failed files',
    target: '0',
    measured: limitedRuns
      .map((r) => `${r.job?.filesFailed ?? '?'} of ${r.job?.filesTotal ?? '?'} (${r.job?.state})`)
      .join('; '),
    reference: `${small.fixed.failed} of ${small.files}`,
    pass: limitedRuns.every((r) => r.job?.state === 'done' && r.job.filesFailed === 0),
  })
  targets.push({
    metric: 'small files: 503 share of requests',
    target: '≤ 1 %',
    measured: `${round1(share503 * 100)} % (${refused} of ${allRequests})`,
    reference: `${round1(fixedShare * 100)} %`,
    pass: share503 <= 0.01,
  })

  const loadAfter = loadavg()
  const facts = { ...machineFacts(), runs: RUNS, priority, loadBefore, loadAfter }
  await writeJsonReport('docs/benchmarks/downloads.json', { facts, targets, raw })
  const rows = targets.map((t) => [
    t.metric,
    t.target,
    t.measured,
    t.reference,
    t.pass ? 'PASS' : 'FAIL',
  ])
  await writeMarkdownReport(
    'docs/benchmarks/downloads.md',
    `# Download benchmark

\`npm run bench:downloads\` on ${facts.platform}, Node ${facts.node}, ${facts.date}.
The engine is the real core in a child process (as the web host runs it); the sandbox runs in
another child process. ${RUNS} paired runs of \`curl -s -o\` and the engine on one 2 GiB file
(generated on the fly by the sandbox, \`--big-file-mib 2048\`), limits off; the engine's time
runs from \`downloads.start\` to its \`downloads.finished\` event, so it includes the sha256 and
the rename. RSS is the engine process's, sampled every 100 ms, peak minus the value just
before the job. Interactive calls are \`rawFiles.list\` through the same core, every 200 ms,
with the server's limits (30 r/s, 10 at a time) on. The small-files job is ${small.files} files of
public entries under 30 requests/s and 10 at a time (503 beyond), ${SMALL_PAIRS} runs, interleaved
with ${SMALL_PAIRS} of the same job with limits off, after one unmeasured warm-up run; every run's
files stay until the end (ext4 slows file creation right after mass deletion). Its limit-bound
minimum is the larger of the median time with limits off and its requests ÷ 30 per second. "NOMAD
client strategy" fetches each file on its own at a fixed 20 requests/s, 8 in flight, no retry.
Load average (1/5/15 min) before: ${loadBefore.map((v) => v.toFixed(1)).join(' / ')}, after: ${loadAfter.map((v) => v.toFixed(1)).join(' / ')}
(a 2-core machine shared with other work; absolute figures drift ±30 %).

${markdownTable(['metric', 'target', 'measured', 'reference', 'result'], rows)}
`,
  )
  for (const t of targets)
    log(
      `${t.pass ? 'PASS' : 'FAIL'}  ${t.metric}: ${t.measured} (target ${t.target}) ${t.reference}`,
    )
  process.exit(targets.every((t) => t.pass) ? 0 : 1)
}

void main()
