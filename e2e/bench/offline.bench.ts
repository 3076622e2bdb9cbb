/**
 * `npm run bench:offline`: the offline library over 50 000 pinned entries, held to the budgets
 * of issue 17: a local query returns its first page within 300 ms, and the builder's facet
 * counts (the periodic table and every terms list, one request as Search sends it) within
 * 500 ms. The same two requests against the sandbox over loopback, in the same run, are the
 * reference; the store's size on disk per 1 000 entries, with and without archive summaries,
 * is reported. The library is filled through the library module (a page of 1 000 entries per
 * transaction, as a pin stores them), not through 50 000 requests. Writes
 * docs/benchmarks/offline.json and offline.md; exits non-zero naming a failing row.
 * OFFLINE_BENCH_ROUNDS (default 9).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { SUMMARY_REQUIRED, type PinRecord } from '../../electron/core/offline/library-records'
import { OfflineLibrary } from '../../electron/core/offline/offline-library'
import { OfflineSearch } from '../../electron/core/offline/offline-search'
import { openEmbeddedDb } from '../../electron/core/storage/embedded-db'
import {
  machineFacts,
  markdownTable,
  writeJsonReport,
  writeMarkdownReport,
  type BenchTarget,
} from './support/report'
import { startSandboxChild } from './support/sandbox-child'
import { builderAggregations, FACETS as TERMS_FACETS } from './support/sandbox-queries'
import { percentile, round1 } from './support/stats'

const ROUNDS = Number(process.env.OFFLINE_BENCH_ROUNDS ?? 9)
const PINNED = 50_000
/** Generated entries: anonymous `owner: all` (published, embargoed included) covers > 50 000. */
const SANDBOX_ENTRIES = 72_000
const FIRST_PAGE_MS = 300
const FACETS_MS = 500
const OWNER = 'all'

type Json = Record<string, unknown>

/**
 * A query as the builder sends it: an element, a program, a band gap range; newest first. Each
 * round asks for another element, so no round is answered from a cache of the round before.
 */
const ELEMENTS = ['O', 'N', 'C', 'H', 'Si', 'Fe', 'Ti', 'Al', 'Cu', 'Zn', 'S', 'Mg', 'Ca', 'Na']
const queryFor = (round: number) => ({
  'results.material.elements:all': [ELEMENTS[round % ELEMENTS.length] ?? 'O'],
  'results.method.simulation.program_name:any': ['VASP', 'FHI-aims', 'Quantum ESPRESSO'],
  'results.properties.electronic.band_gap.value:gte': 1e-20,
})
const firstPage = (round: number) => ({
  owner: OWNER,
  query: queryFor(round),
  pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc' },
})
const facets = (round: number) => ({
  owner: OWNER,
  query: queryFor(round),
  pagination: { page_size: 0 },
  aggregations: builderAggregations(),
})

async function post(baseUrl: string, path: string, body: unknown): Promise<Json> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as Json
}

/** Milliseconds of each of `rounds` runs of `action`. */
async function timed(rounds: number, action: (round: number) => unknown): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    await action(i + 1)
    out.push(performance.now() - start)
  }
  return out
}

const spread = (values: number[]) =>
  `median ${round1(percentile(values, 50))} ms (min ${round1(Math.min(...values))}, max ${round1(Math.max(...values))})`

/** What the database file takes on disk (LMDB files are sparse). */
const onDisk = (path: string) => {
  const s = statSync(path)
  return Math.min(s.size, s.blocks * 512)
}

/**
 * Bytes on disk of 1 000 entries without and with their archive summaries, from a small sandbox
 * of its own (the archive endpoint refuses owner all, and building 1 000 archives of the big
 * sandbox would only measure the sandbox).
 */
async function archiveCost(): Promise<{
  metadata: number
  withArchives: number
  /** The start-up scan of those 1 000 entries with their summaries, in a fresh library. */
  scanMs: number
}> {
  const small = await startSandboxChild({
    entries: 2000,
    limits: { rate: null, concurrency: null },
  })
  const dir = mkdtempSync(join(tmpdir(), 'nomad-bench-archives-'))
  const db = await openEmbeddedDb(dir)
  try {
    const library = new OfflineLibrary(db)
    let pin: PinRecord = {
      pinId: 'archives',
      serverId: 'small',
      serverName: 'Small',
      label: 'archives',
      source: { kind: 'search', query: {}, owner: 'public' },
      limit: 1000,
      archiveRequired: { ...SUMMARY_REQUIRED },
      state: 'pinning',
      createdAt: Date.now(),
      entries: 0,
      bytes: 0,
      phase: 'metadata',
    }
    const page = await post(small.baseUrl, '/entries/query', {
      owner: 'public',
      pagination: { page_size: 1000 },
    })
    const docs = page.data as Json[]
    pin = await library.storeEntries(pin, docs, Date.now(), () => ({}))
    await db.flushed()
    const base = onDisk(db.path)
    for (let at = 0; at < docs.length; at += 100) {
      const ids = docs.slice(at, at + 100).map((doc) => String(doc.entry_id))
      const answer = await post(small.baseUrl, '/entries/archive/query', {
        owner: 'visible',
        query: { 'entry_id:any': ids },
        pagination: { page_size: 100 },
        required: SUMMARY_REQUIRED,
      })
      const archives = new Map<string, Json>()
      for (const item of answer.data as { entry_id: string; archive: Json }[])
        archives.set(item.entry_id, item.archive)
      pin = await library.storeArchives(pin, archives, {})
    }
    await db.flushed()
    const scale = 1000 / Math.max(1, docs.length)
    // What the start-up scan costs per 1 000 entries when they carry their archive summaries.
    const scanStart = performance.now()
    await new OfflineLibrary(db).scan()
    const scanMs = (performance.now() - scanStart) * scale
    return { metadata: base * scale, withArchives: onDisk(db.path) * scale, scanMs }
  } finally {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
    await small.close()
  }
}

async function main() {
  const loadBefore = loadavg()
  const facts = { ...machineFacts(), rounds: ROUNDS, pinned: PINNED }
  console.log(`generating ${SANDBOX_ENTRIES} sandbox entries…`)
  const sandbox = await startSandboxChild({
    entries: SANDBOX_ENTRIES,
    limits: { rate: null, concurrency: null, maxPageSize: 1000 },
  })
  const dir = mkdtempSync(join(tmpdir(), 'nomad-bench-offline-'))
  const db = await openEmbeddedDb(dir)
  try {
    const library = new OfflineLibrary(db)
    let pin: PinRecord = {
      pinId: 'bench',
      serverId: 'sandbox',
      serverName: 'Sandbox',
      label: 'bench',
      source: { kind: 'search', query: {}, owner: OWNER },
      limit: PINNED,
      archiveRequired: null,
      state: 'pinning',
      createdAt: Date.now(),
      entries: 0,
      bytes: 0,
      phase: 'metadata',
    }
    await library.savePin(pin)
    const fillStart = performance.now()
    let cursor: string | undefined
    while (pin.entries < PINNED) {
      const page = await post(sandbox.baseUrl, '/entries/query', {
        owner: OWNER,
        pagination: {
          page_size: Math.min(1000, PINNED - pin.entries),
          order_by: 'entry_id',
          ...(cursor ? { page_after_value: cursor } : {}),
        },
      })
      const docs = page.data as Json[]
      cursor = (page.pagination as Json).next_page_after_value as string | undefined
      pin = await library.storeEntries(pin, docs, Date.now(), () => ({}))
      if (!cursor || docs.length === 0) break
    }
    await db.flushed()
    const fillMs = performance.now() - fillStart
    console.log(`pinned ${pin.entries} entries in ${round1(fillMs / 1000)} s`)
    if (pin.entries < PINNED) throw new Error(`only ${pin.entries} entries to pin`)
    const metadataBytes = onDisk(db.path)

    const archives = await archiveCost().catch((error: unknown) => {
      const cause = (error as { cause?: { message?: string } }).cause?.message
      return `archive summaries not measured: ${(error as Error).message}${cause ? ` (${cause})` : ''}`
    })
    const perThousand = Math.round(metadataBytes / (PINNED / 1000))

    console.log('measuring…')
    const serverId = 'sandbox'
    // Cold, with nothing read before it: the query reads every pinned entry first.
    const unread = new OfflineSearch(library)
    const unreadStart = performance.now()
    unread.query(serverId, firstPage(0) as never)
    const unreadMs = performance.now() - unreadStart
    // As the app starts: the start-up scan (in chunks, beside everything else) reads and checks
    // every record and hands them to the search, so its first query only builds columns.
    const search = new OfflineSearch(library)
    const collector = search.collector()
    const scanStart = performance.now()
    await library.scan((server, entry) => collector.add(server, entry))
    collector.done()
    const scanMs = performance.now() - scanStart
    const coldStart = performance.now()
    const first = search.query(serverId, firstPage(0) as never)
    const coldMs = performance.now() - coldStart
    const localPage = await timed(ROUNDS, (i) => search.query(serverId, firstPage(i) as never))
    const localFacets = await timed(ROUNDS, (i) => search.query(serverId, facets(i) as never))
    const remotePage = await timed(ROUNDS, (i) =>
      post(sandbox.baseUrl, '/entries/query', firstPage(i)),
    )
    const remoteFacets = await timed(ROUNDS, (i) =>
      post(sandbox.baseUrl, '/entries/query', facets(i)),
    )
    const matched = first.pagination.total
    const remoteTotal = (
      (await post(sandbox.baseUrl, '/entries/query', firstPage(0))).pagination as Json
    ).total as number

    const targets: BenchTarget[] = [
      {
        metric: `first page of 20 (e.g. ${matched} of ${PINNED} pinned match O)`,
        target: `≤ ${FIRST_PAGE_MS} ms`,
        measured: spread(localPage),
        reference: `sandbox over loopback (${remoteTotal} of its ${SANDBOX_ENTRIES} match): ${spread(remotePage)}`,
        pass: percentile(localPage, 50) <= FIRST_PAGE_MS,
      },
      {
        metric: `builder facet counts (${TERMS_FACETS.length + 1} terms lists incl. the periodic table)`,
        target: `≤ ${FACETS_MS} ms`,
        measured: spread(localFacets),
        reference: `sandbox over loopback: ${spread(remoteFacets)}`,
        pass: percentile(localFacets, 50) <= FACETS_MS,
      },
      {
        metric: 'first query after start (after the start-up scan)',
        target: '≤ 300 ms',
        measured: `${round1(coldMs)} ms`,
        reference: `the scan itself, in the background at start: ${round1(scanMs)} ms${typeof archives === 'string' ? '' : ` (per 1 000 entries with archive summaries: ${round1(archives.scanMs)} ms)`}; a first query with nothing read before: ${round1(unreadMs)} ms`,
        pass: coldMs <= FIRST_PAGE_MS,
      },
      {
        metric: 'store size on disk per 1 000 entries',
        target: 'reported',
        measured: `${round1(perThousand / 1024 / 1024)} MiB (metadata only)`,
        reference:
          typeof archives === 'string'
            ? archives
            : `${round1(archives.withArchives / 1024 / 1024)} MiB with archive summaries (${round1(archives.metadata / 1024 / 1024)} MiB without, measured on 1 000 public entries of a 2 000-entry sandbox)`,
        pass: true,
      },
    ]
    const loadAfter = loadavg()
    const raw = {
      fillMs,
      metadataBytes,
      archives,
      coldMs,
      scanMs,
      localPage,
      localFacets,
      remotePage,
      remoteFacets,
    }
    await writeJsonReport('docs/benchmarks/offline.json', {
      facts: { ...facts, loadBefore, loadAfter },
      targets,
      raw,
    })
    const load = (values: number[]) => values.map((v) => v.toFixed(1)).join(' / ')
    await writeMarkdownReport(
      'docs/benchmarks/offline.md',
      `# Offline library benchmark

\`npm run bench:offline\` on ${facts.platform}, Node ${facts.node}, ${facts.date}; load average
(1/5/15 min) before ${load(loadBefore)}, after ${load(loadAfter)}. The machine is shared (two
cores, other builds and tests running): figures drift ±30 % or more between runs.

${PINNED.toLocaleString('en-US')} entries from a sandbox of ${SANDBOX_ENTRIES.toLocaleString('en-US')}
(owner \`all\`, the first by entry id) are stored through the library module a page of 1 000 per
transaction, as a pin stores them (${round1(fillMs / 1000)} s, including fetching the pages). Queries
run in this process through \`OfflineSearch\` (shared/query's engine over the stored entries);
the reference sends the same bodies to the sandbox over loopback in the same run. ${ROUNDS} rounds
each, each round with another element (so no round is a cache hit); the query is elements all
of one element, program any of VASP/FHI-aims/Quantum ESPRESSO, band gap ≥ 1e-20 J, newest first.
At start the app reads and checks every stored record in the background, in chunks that leave
the event loop free (the start-up scan), and hands the entries to the offline search; the first
query after it only builds the engine's columns. Its row also reports the scan and, for
comparison, a first query with nothing read before it (which reads every entry at once).

${markdownTable(
  ['metric', 'target', 'measured', 'reference', 'result'],
  targets.map((t) => [t.metric, t.target, t.measured, t.reference, t.pass ? 'PASS' : 'FAIL']),
)}
`,
    )
    const failed = targets.filter((t) => !t.pass)
    for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'} ${t.metric}: ${t.measured}`)
    if (failed.length > 0) process.exitCode = 1
  } finally {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
    await sandbox.close()
  }
}

await main()
