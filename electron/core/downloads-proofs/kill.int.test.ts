import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Rng } from '../../sandbox/data/rng'
import type { Sandbox } from '../../sandbox'
import { get, post, testSandbox } from '../../sandbox/testing/harness'
import { STAGING_DIR } from '../downloads/zip-transfer'
import { bundleRunner, startRunner } from './kill-harness'
import { sha256, snapshot } from './proof-support'
import { uploadFileHashes } from './test-support/upload-hashes'

/**
 * Issue 13, "Kill test": a download runs in a child process (kill-runner.ts, the real core), is
 * SIGKILLed at 20 seeded random moments and started again each time. After every kill no file
 * with a final name may differ from the sandbox's bytes (a `.part` may be anything); the run
 * after the last kill must finish the job with every file sha256-identical. The sandbox's raw
 * downloads trickle, and slow down further when the job runs ahead, so that the kills land
 * while files are being written, journalled and renamed rather than after the job is done.
 */
const SEED = 13
const KILLS = 20

let sandbox: Sandbox
let uploadId = ''
/** sha256 by path in the upload. */
let expected = new Map<string, string>()
let bundle = ''
let work = ''

beforeAll(async () => {
  bundle = bundleRunner()
  sandbox = await testSandbox({
    entries: 150,
    largeFileBytes: 9 * 1024 * 1024,
    // Without the file-browser showcase, which makes the first upload far bigger than 60 MB.
    fixtures: { showcase: false },
  })
  // A published upload of 15–60 MB, with at least one file big enough for a resumable request.
  const page = await post<{ data: { upload_id: string }[] }>(sandbox, '/entries/query', {
    owner: 'public',
    pagination: { page_size: 150 },
    required: { include: ['upload_id'] },
  })
  const candidates = [...new Set(page.body.data.map((entry) => entry.upload_id))]
  let best = { id: '', size: 0 }
  for (const id of candidates) {
    const root = await get<{ directory_metadata: { size: number } }>(
      sandbox,
      `/uploads/${id}/rawdir/`,
    )
    const size = root.body.directory_metadata.size
    const distance = (s: number) => Math.abs(s - 30e6)
    if (size > 15e6 && size < 60e6 && distance(size) < distance(best.size || 1e12))
      best = { id, size }
  }
  if (!best.id) throw new Error('no upload of 15–60 MB in the sandbox data')
  uploadId = best.id
  expected = await uploadFileHashes(sandbox, uploadId)
  work = mkdtempSync(join(tmpdir(), 'nomad-kill-'))
})
afterAll(async () => {
  await sandbox?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** Final-named files that are not the sandbox's bytes (empty when all is well). */
function incompleteFinals(destination: string): string[] {
  const bad: string[] = []
  for (const [path, size] of snapshot(destination)) {
    const name = path.slice(path.lastIndexOf('/') + 1)
    // Not final names: .part files, atomic-write temporaries, the engine's zip staging folder.
    if (size < 0 || name.endsWith('.part') || /^\..*\.tmp$/.test(name)) continue
    if (path.startsWith(`${STAGING_DIR}/`)) continue
    if (path === 'manifest.json') {
      try {
        JSON.parse(readFileSync(join(destination, path), 'utf8'))
      } catch {
        bad.push(`${path}: not valid JSON`)
      }
      continue
    }
    const want = path.startsWith(`${uploadId}/`)
      ? expected.get(path.slice(uploadId.length + 1))
      : undefined
    if (want === undefined) bad.push(`${path}: not a file of the upload`)
    else if (sha256(readFileSync(join(destination, path))) !== want)
      bad.push(`${path}: ${size} bytes, not the sandbox's`)
  }
  return bad
}

describe('kill -9 at random moments', () => {
  it(`survives ${KILLS} kills and finishes identical`, { timeout: 180_000 }, async () => {
    const rng = new Rng(SEED)
    const dataDir = join(work, 'data')
    const destination = join(work, 'downloads')
    const args = [dataDir, sandbox.baseUrl, destination, uploadId]
    const total = [...expected.keys()].length
    // Raw downloads trickle; limits as a real server's proxy.
    let trickleBytes = 256 * 1024
    sandbox.setLimits({ rate: 30, concurrency: 10 })
    sandbox.setFaults({
      trickleRate: 1,
      trickleAfterBytes: 64 * 1024,
      trickleBytes,
      trickleIntervalMs: 25,
      pathPattern: '/raw',
    })
    const moments: { delayMs: number; bytesDone: number; filesDone: number }[] = []
    for (let k = 0; k < KILLS; k++) {
      const run = startRunner(bundle, args)
      await run.ready
      // Even kills at a random time after start (start-up, journal replay, planning); odd ones
      // at a random time after this run has moved bytes (writes, checkpoints, renames).
      const before = run.job()?.bytesDone ?? 0
      const filesBefore = run.job()?.filesDone ?? 0
      const afterProgress = k % 2 === 1
      // Start-up and journal replay take a few hundred ms once the runner is ready; a longer
      // spread only waits.
      const delayMs = Math.round(rng.next() * (afterProgress ? 300 : 500))
      if (afterProgress) {
        await Promise.race([
          new Promise<void>((resolve) =>
            run.onJob((job) => {
              if (job.bytesDone > before || job.filesDone > filesBefore) resolve()
            }),
          ),
          new Promise((resolve) => setTimeout(resolve, 6000)),
          run.exited,
        ])
      }
      await Promise.race([new Promise((resolve) => setTimeout(resolve, delayMs)), run.exited])
      const job = run.job()
      if (job && ['done', 'failed', 'cancelled'].includes(job.state)) {
        throw new Error(
          `the job ended (${job.state}) before kill ${k + 1} of ${KILLS}: ${JSON.stringify(job)}`,
        )
      }
      run.child.kill('SIGKILL')
      expect(await run.exited, run.stderr()).toBe('SIGKILL')
      moments.push({ delayMs, bytesDone: job?.bytesDone ?? 0, filesDone: job?.filesDone ?? 0 })
      expect(incompleteFinals(destination), `after kill ${k + 1}`).toEqual([])
      // Ahead of an even spread over the kills: slow the server down.
      if (job?.bytesTotal && job.bytesDone / job.bytesTotal > (k + 1) / (KILLS + 4)) {
        trickleBytes = Math.max(1024, Math.floor(trickleBytes / 2))
        sandbox.setFaults({ trickleBytes })
      }
    }
    sandbox.setFaults({ trickleRate: 0 })
    const last = startRunner(bundle, args)
    expect(await last.exited, last.stderr()).toBe(0)
    const job = last.job()
    expect(job?.state, JSON.stringify(job)).toBe('done')
    expect(job?.filesFailed).toBe(0)
    expect(incompleteFinals(destination)).toEqual([])
    const files = [...snapshot(destination)].filter(
      ([path, size]) => size >= 0 && path !== 'manifest.json',
    )
    expect(files.map(([path]) => path).sort()).toEqual(
      [...expected.keys()].map((path) => `${uploadId}/${path}`).sort(),
    )
    expect(files.length).toBe(total)
    // The kills fell while the job made progress, not all before it started or after its end.
    expect(new Set(moments.map((m) => m.bytesDone)).size).toBeGreaterThan(KILLS / 4)
    expect(Math.max(...moments.map((m) => m.bytesDone))).toBeLessThan(job?.bytesDone ?? 0)
  })
})
