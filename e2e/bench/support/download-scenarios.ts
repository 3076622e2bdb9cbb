import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { request } from 'undici'
import type { DownloadSource } from '../../../shared/ipc/channels/downloads'
import type { DownloadRunOptions, DownloadRunResult } from './download-runner'
import type { SandboxChild } from './sandbox-child'
import { sleep } from './stats'

/** The pieces of the download benchmark: the engine in a child, curl, NOMAD's client strategy. */

const RUNNER = resolve(import.meta.dirname, 'download-runner.ts')

/** A scratch folder on the same disk as the system's temp folder; removed by `done()`. */
export function scratch(prefix: string): { path: string; done(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix))
  return { path, done: () => rmSync(path, { recursive: true, force: true }) }
}

/**
 * Scratch folders whose removal waits until the measurements are over. Why: ext4 skips inodes
 * freed in the last 60–300 s when it allocates new ones (`recently_deleted`, reading each
 * one's inode block), so a run that creates thousands of files right after another run's
 * thousands were deleted spent ~30 % longer in open(O_CREAT) (perf, 28 Nov): an artefact of
 * the benchmark, not of the job. A researcher downloads into a folder, not a fresh-deleted one.
 */
export class ScratchBin {
  private readonly folders: (() => void)[] = []
  keep(done: () => void): void {
    this.folders.push(done)
  }
  empty(): void {
    for (const done of this.folders.splice(0)) done()
  }
}

/**
 * One job run by the real core in a child process (its RSS is the host's, not the bench's).
 * Its folder is removed at once, or kept in `bin` until the bin is emptied.
 */
export function runEngine(
  baseUrl: string,
  source: DownloadSource,
  probe?: DownloadRunOptions['probe'],
  bin?: ScratchBin,
): Promise<DownloadRunResult> {
  const work = scratch('nomad-bench-dl-')
  const options: DownloadRunOptions = {
    dataDir: join(work.path, 'data'),
    baseUrl,
    destination: join(work.path, 'out'),
    source,
    ...(probe ? { probe } : {}),
  }
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_CPU_PROF]
        : []),
      '--expose-gc',
      '--import',
      'tsx',
      RUNNER,
    ],
    {
      env: { ...process.env, BENCH_DOWNLOAD_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return new Promise((resolveRun, reject) => {
    child.on('exit', (code) => {
      if (bin) bin.keep(work.done)
      else work.done()
      const line = out.split('\n').find((l) => l.startsWith('{"result"'))
      if (code !== 0 || !line) return reject(new Error(`download runner exited ${code}: ${out}`))
      resolveRun((JSON.parse(line) as { result: DownloadRunResult }).result)
    })
  })
}

/**
 * `curl -s -o <file> <url>`, timed with its CPU (user + system, from the shell's `times`), the
 * load-independent part of the comparison. `then` adds a step after it: `sha256sum` of the file
 * (a reference that, like the engine, ends with a checksum; curl alone checks nothing), or
 * `fsync` (`sync -d`: the file's data on disk, as the engine has it before it renames).
 */
export function runCurl(
  url: string,
  then: 'nothing' | 'sha256sum' | 'fsync' = 'nothing',
): { ms: number; bytes: number; cpuMs: number } {
  const work = scratch('nomad-bench-curl-')
  const file = join(work.path, 'file')
  const started = performance.now()
  const after = {
    nothing: '',
    sha256sum: ' && sha256sum "$1" > /dev/null',
    fsync: ' && sync -d "$1"',
  }[then]
  const run = spawnSync('bash', [
    '-c',
    `curl -s -f -o "$1" "$2"${after} && times`,
    'curl',
    file,
    url,
  ])
  const ms = performance.now() - started
  const bytes = run.status === 0 ? statSync(file).size : -1
  work.done()
  if (run.status !== 0) throw new Error(`curl failed (${run.status}): ${run.stderr.toString()}`)
  // `times` prints the shell's user/system time, then its children's: "0m0.031s 0m1.162s".
  const children = run.stdout.toString().trim().split('\n')[1] ?? ''
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
    (m) => Number(m[1]) * 60 + Number(m[2]),
  )
  return { ms, bytes, cpuMs: seconds.reduce((sum, v) => sum + v, 0) * 1000 }
}

/**
 * The disk's durable write rate: `dd` writes `mib` MiB of zeros into a new file in 1 MiB
 * blocks and fdatasyncs it; ms from start to end. A ceiling for any tool that has a file's
 * bytes on disk before it says "done", as the engine does (curl -o ends with them in memory).
 */
export function runDiskReference(mib: number): number {
  const work = scratch('nomad-bench-dd-')
  const started = performance.now()
  const run = spawnSync('dd', [
    'if=/dev/zero',
    `of=${join(work.path, 'zeros')}`,
    'bs=1M',
    `count=${mib}`,
    'conv=fdatasync',
  ])
  const ms = performance.now() - started
  work.done()
  if (run.status !== 0) throw new Error(`dd failed (${run.status}): ${run.stderr.toString()}`)
  return ms
}

/** CPU time (user + system, all threads) a process has spent so far, in ms (Linux; NaN elsewhere). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}

export function curlAvailable(): boolean {
  return spawnSync('curl', ['--version']).status === 0
}

export interface FixedResult {
  ms: number
  ok: number
  failed: number
  status503: number
}

/**
 * NOMAD's Python client strategy on a list of files (performance-anchors §1.1): 8 requests in
 * flight, a cumulative budget of 20 requests/s since the start polled every 100 ms, and no
 * retry (a 503 is a failed file until the user calls again).
 */
export async function runFixedStrategy(urls: readonly string[]): Promise<FixedResult> {
  const started = performance.now()
  const result: FixedResult = { ms: 0, ok: 0, failed: 0, status503: 0 }
  let next = 0
  let issued = 0
  const worker = async () => {
    for (;;) {
      const index = next++
      const url = urls[index]
      if (url === undefined) return
      while (issued >= ((performance.now() - started) / 1000) * 20) await sleep(100)
      issued += 1
      try {
        const response = await request(url)
        await response.body.dump()
        if (response.statusCode === 200) result.ok += 1
        else {
          result.failed += 1
          if (response.statusCode === 503) result.status503 += 1
        }
      } catch {
        result.failed += 1
      }
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  result.ms = performance.now() - started
  return result
}

interface RawDirAnswer {
  data: { entry_id: string; upload_id: string; files: { path: string; size: number }[] }[]
}

/** Public entries whose folders hold about `files` files in all (the small-files job). */
export async function entriesWithFiles(
  sandbox: SandboxChild,
  files: number,
): Promise<{ entryIds: string[]; urls: string[] }> {
  const response = await request(`${sandbox.baseUrl}/entries/rawdir/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner: 'public', pagination: { page_size: 1000 } }),
  })
  const answer = (await response.body.json()) as RawDirAnswer
  const entryIds: string[] = []
  const urls: string[] = []
  for (const entry of answer.data) {
    if (urls.length >= files) break
    entryIds.push(entry.entry_id)
    for (const file of entry.files) {
      const path = file.path.split('/').map(encodeURIComponent).join('/')
      urls.push(`${sandbox.baseUrl}/uploads/${entry.upload_id}/raw/${path}`)
    }
  }
  return { entryIds, urls }
}
