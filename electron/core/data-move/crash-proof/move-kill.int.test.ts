import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MoveProgress } from '../../../../shared/ipc/channels/data-move'
import type { Sandbox } from '../../../sandbox'
import { testSandbox } from '../../../sandbox/testing/harness'
import { fileStore } from '../../downloads-proofs/file-store'
import { bundleRunner } from '../../downloads-proofs/kill-harness'
import { until } from '../../test-support/until'
import { firstPublicEntries, startFolderCore } from '../testing/folder-core'
import { snapshotData } from './snapshot'

/**
 * Issue 17 item 6, "nothing lost if the move is interrupted": a real core in a child process
 * (move-kill-runner.ts) moves a library — two pins with archive summaries, one with raw files
 * and their finished download job, the recently viewed cache, and a few hundred more kept
 * files so the copy takes a while — and is SIGKILLed at a different point of the move each
 * time: while pausing, after the first file, halfway through the bytes, while verifying,
 * switching and removing the old copy. A core started again on the app folder must find the
 * data whole at one place, the other copy gone: every record of every sub-database and every
 * kept file byte for byte as before the move, the pins complete and the job done.
 */
const here = dirname(fileURLToPath(import.meta.url))
const repo = resolve(here, '../../../..')

let sandbox: Sandbox
let bundle = ''
let root = ''

const storeOf = (appDir: string) => fileStore(join(appDir, 'settings.json'))

beforeAll(async () => {
  bundle = bundleRunner(join(here, 'move-kill-runner.ts'))
  sandbox = await testSandbox({ entries: 12 })
  root = mkdtempSync(join(tmpdir(), 'nomad-move-kill-'))
})

/**
 * A library in a new app folder: two pins with archive summaries (one with raw files and its
 * finished download job), a viewed entry in the cache, and more kept files so that the copy
 * spans many progress events (300 small ones and two of 4 MiB, each with its own content).
 */
async function library(appDir: string) {
  mkdirSync(appDir, { recursive: true })
  const env = startFolderCore({ appDir, store: storeOf(appDir) })
  const serverId = (await env.call('servers.add', { name: 'Sandbox', baseUrl: sandbox.baseUrl })).id
  const entryIds = await firstPublicEntries(env, serverId, 3)
  for (const [ids, withRawFiles] of [
    [entryIds, false],
    [entryIds.slice(0, 1), true],
  ] as const)
    await env.call('offline.pin', {
      serverId,
      source: { kind: 'entries', entryIds: [...ids] },
      withArchives: true,
      withRawFiles,
    })
  await until(
    () => env.call('offline.list', {}),
    ({ pins }) => pins.length === 2 && pins.every((pin) => pin.state === 'complete'),
  )
  await until(
    () => env.call('downloads.list', {}),
    ({ jobs }) => jobs.length === 1 && jobs[0]?.state === 'done',
  )
  await env.call('search.entry', { serverId, entryId: entryIds[1] ?? '' })
  await env.core.dispose()
  const kept = join(appDir, 'offline-files', 'kept')
  mkdirSync(kept, { recursive: true })
  for (let i = 0; i < 300; i++) writeFileSync(join(kept, `f${i}.txt`), `file ${i} `.repeat(400))
  for (const big of ['a', 'b'])
    writeFileSync(join(kept, `${big}.bin`), Buffer.alloc(4 << 20, big.charCodeAt(0)))
  return { serverId, before: await snapshotData(appDir) }
}

afterAll(async () => {
  await sandbox?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

/** Runs the move in a child and kills it at the first progress event `at` accepts. */
async function moveAndKill(appDir: string, target: string, at: (p: MoveProgress) => boolean) {
  const child = spawn(process.execPath, [bundle, appDir, target], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const seen: string[] = []
  createInterface({ input: child.stdout }).on('line', (line) => {
    const progress = JSON.parse(line) as MoveProgress
    seen.push(progress.phase)
    if (at(progress)) child.kill('SIGKILL')
  })
  const exit = await new Promise<number | string>((done) =>
    child.on('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  )
  return { exit, seen, errors }
}

const POINTS: [string, (p: MoveProgress) => boolean][] = [
  ['while pausing', (p) => p.phase === 'pausing'],
  ['after the first file', (p) => p.phase === 'copying' && p.files >= 1],
  ['halfway through the bytes', (p) => p.phase === 'copying' && p.bytes >= p.totalBytes / 2],
  ['while verifying', (p) => p.phase === 'verifying'],
  ['while switching', (p) => p.phase === 'switching'],
  ['while removing the old copy', (p) => p.phase === 'removing'],
]

describe('killing the app during a move of the data folder', () => {
  it('a start without a move leaves the snapshot as it was (the comparison is fair)', async () => {
    const appDir = join(root, 'control')
    const { before } = await library(appDir)
    const env = startFolderCore({ appDir, store: storeOf(appDir) })
    expect((await env.call('offline.list', {})).pins).toHaveLength(2)
    await env.core.dispose()
    expect(await snapshotData(appDir)).toEqual(before)
  })

  const outcomes: string[] = []
  it.each(POINTS)('loses nothing when killed %s', { timeout: 120_000 }, async (name, at) => {
    const appDir = join(root, name.replaceAll(' ', '-'))
    const target = join(root, `${name.replaceAll(' ', '-')}-target`, 'data')
    const { serverId, before } = await library(appDir)
    const run = await moveAndKill(appDir, target, at)
    expect(run.exit, `${run.seen.join(' ')}\n${run.errors}`).toBe('SIGKILL')

    // Started again: the data is whole at one place, the other copy is gone.
    const env = startFolderCore({ appDir, store: storeOf(appDir) })
    const live = (await env.call('offline.dataLocation', {})).folder
    expect([appDir, target]).toContain(live)
    const gone = live === appDir ? target : appDir
    outcomes.push(live === appDir ? 'old' : 'new')
    const { pins } = await env.call('offline.list', {})
    expect(pins.map((pin) => [pin.state, pin.entries])).toEqual(
      expect.arrayContaining([
        ['complete', 3],
        ['complete', 1],
      ]),
    )
    const { jobs } = await env.call('downloads.list', {})
    expect(jobs.map((job) => [job.state, job.destination])).toEqual([
      ['done', join(live, 'offline-files', serverId)],
    ])
    await env.core.dispose()
    expect(existsSync(join(gone, 'app.lmdb')), `${name}: old copy at ${gone}`).toBe(false)
    expect(existsSync(join(gone, 'offline-files'))).toBe(false)

    const after = await snapshotData(live)
    // The download job's folder follows the data; every other byte is as it was.
    expect(Object.keys(after.records).sort()).toEqual(Object.keys(before.records).sort())
    for (const [db, records] of Object.entries(before.records))
      if (live === appDir || !db.startsWith('download'))
        expect(after.records[db], db).toEqual(records)
    expect(after.files).toEqual(before.files)
  })

  it('the kills fell on both sides of the switch', () => {
    expect(outcomes).toContain('old')
    expect(outcomes).toContain('new')
  })
})
