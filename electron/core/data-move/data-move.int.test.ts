import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox'
import { testSandbox } from '../../sandbox/testing/harness'
import { createMemoryStore, type KeyValueStore } from '../settings/key-value'
import type { MoveProgress } from '../../../shared/ipc/channels/data-move'
import type { CrashPoint } from './data-mover'
import { POINTER_FILE } from './location-pointer'
import { firstPublicEntries, startFolderCore, type FolderCore } from './testing/folder-core'
import { until } from '../test-support/until'

// Moving the data folder with core running, against the sandbox: a pin with raw files (so a
// download job's journal and files too) and the recently viewed cache end up readable at the
// new place with the old copy gone; a move stopped as by a crash at three points leaves a
// working library at the next start; refusals change nothing.

let sandbox: Sandbox
let root = ''

beforeAll(async () => {
  sandbox = await testSandbox({ entries: 12 })
  root = mkdtempSync(join(tmpdir(), 'nomad-move-'))
})
afterAll(async () => {
  await sandbox.close()
  rmSync(root, { recursive: true, force: true })
})

let n = 0
/** A fresh app folder with a core on it, a pin of 3 entries and (optionally) one's raw files. */
async function library(options: {
  rawFiles: boolean
  crashAt?: CrashPoint
  onProgress?: (progress: MoveProgress, env: FolderCore) => void
}) {
  const appDir = join(root, `app-${++n}`)
  const store = createMemoryStore()
  const env: FolderCore = startFolderCore({
    appDir,
    store,
    ...(options.crashAt ? { dataMove: { crashAt: options.crashAt } } : {}),
    onProgress: (progress) => options.onProgress?.(progress, env),
  })
  const server = await env.call('servers.add', { name: 'Sandbox', baseUrl: sandbox.baseUrl })
  const entryIds = await firstPublicEntries(env, server.id, 3)
  const pinIds: string[] = []
  // Two pins: three entries, and one of them again with its raw files (a download job).
  for (const [ids, withRawFiles] of [
    [entryIds, false],
    [entryIds.slice(0, 1), options.rawFiles],
  ] as const) {
    const { pinId } = await env.call('offline.pin', {
      serverId: server.id,
      source: { kind: 'entries', entryIds: [...ids] },
      withArchives: true,
      withRawFiles,
    })
    pinIds.push(pinId)
  }
  await until(
    () => env.call('offline.list', {}),
    ({ pins }) => pins.length === 2 && pins.every((pin) => pin.state === 'complete'),
  )
  // Viewed online, so kept in the recently viewed cache.
  await env.call('search.entry', { serverId: server.id, entryId: entryIds[0] ?? '' })
  return { appDir, store, env, serverId: server.id, pinIds, entryIds }
}

async function restart(appDir: string, store: KeyValueStore, old: FolderCore) {
  await old.core.dispose()
  return startFolderCore({ appDir, store })
}

describe('moving the data folder', () => {
  it('moves the database, the raw files and the cache, and removes the old copy', async () => {
    const lib = await library({ rawFiles: true })
    const job = await until(
      () => lib.env.call('downloads.list', {}),
      ({ jobs }) => jobs.some((j) => j.state === 'done'),
    )
    expect(job.jobs[0]?.destination).toBe(join(lib.appDir, 'offline-files', lib.serverId))
    const before = await lib.env.call('offline.dataLocation', {})
    expect(before).toMatchObject({ folder: lib.appDir, moving: null })
    expect(before.files).toBeGreaterThan(1)

    const target = join(root, 'moved-1', 'data')
    const after = await lib.env.call('offline.moveData', { target })
    expect(after).toMatchObject({ folder: target, appFolder: lib.appDir, moving: null })
    expect(after.bytes).toBeGreaterThan(0)
    // Progress: bytes and files up to the totals, the phases in order, the end reported.
    const phases = [...new Set(lib.env.progress.map((p) => p.phase))]
    expect(phases).toEqual(['pausing', 'copying', 'verifying', 'switching', 'removing', 'done'])
    const copied = lib.env.progress.filter((p) => p.phase === 'copying').at(-1)
    expect(copied?.bytes).toBe(copied?.totalBytes)
    expect(copied?.files).toBe(copied?.totalFiles)
    expect(copied?.totalFiles).toBe(before.files)

    // The old copy is gone, settings and the pointer stay in the app folder.
    expect(existsSync(join(lib.appDir, 'app.lmdb'))).toBe(false)
    expect(existsSync(join(lib.appDir, 'offline-files'))).toBe(false)
    expect(JSON.parse(readFileSync(join(lib.appDir, POINTER_FILE), 'utf8'))).toMatchObject({
      to: target,
      state: 'done',
    })

    // Everything reads at the new place, in this run: the pin, the job (its folder followed the
    // data), the cache, and the raw files offline.
    const check = async (env: FolderCore) => {
      const { pins } = await env.call('offline.list', {})
      expect(pins.map(({ pinId, state, entries }) => ({ pinId, state, entries }))).toEqual(
        expect.arrayContaining([
          { pinId: lib.pinIds[0], state: 'complete', entries: 3 },
          { pinId: lib.pinIds[1], state: 'complete', entries: 1 },
        ]),
      )
      const { jobs } = await env.call('downloads.list', {})
      expect(jobs).toMatchObject([
        { state: 'done', destination: join(target, 'offline-files', lib.serverId) },
      ])
      const storage = await env.call('offline.storage', {})
      expect(storage.database.path).toBe(join(target, 'app.lmdb'))
      expect(storage.cache?.entries).toBeGreaterThan(0)
      await env.call('offline.workOffline', { serverId: lib.serverId, offline: true })
      const entry = await env.call('search.entry', {
        serverId: lib.serverId,
        entryId: lib.entryIds[1] ?? '',
      })
      expect(entry.entry.entry_id).toBe(lib.entryIds[1])
      await env.call('offline.workOffline', { serverId: lib.serverId, offline: false })
    }
    await check(lib.env)
    // And after a restart, from the pointer.
    const again = await restart(lib.appDir, lib.store, lib.env)
    expect((await again.call('offline.dataLocation', {})).folder).toBe(target)
    await check(again)
    await again.core.dispose()
  })

  it('stops a running pin for the move and finishes it at the new place', async () => {
    const lib = await library({ rawFiles: false })
    sandbox.setFaults({ latencyMs: 250 })
    try {
      const { pinId } = await lib.env.call('offline.pin', {
        serverId: lib.serverId,
        source: { kind: 'search', query: {}, owner: 'public' },
        withArchives: true,
      })
      const running = (await lib.env.call('offline.list', {})).pins.find((p) => p.pinId === pinId)
      expect(running?.state).toBe('pinning')
      const target = join(root, 'moved-while-pinning')
      await lib.env.call('offline.moveData', { target })
      const { pins } = await until(
        () => lib.env.call('offline.list', {}),
        ({ pins }) => pins.find((p) => p.pinId === pinId)?.state !== 'pinning',
      )
      const pin = pins.find((p) => p.pinId === pinId)
      expect(pin).toMatchObject({ state: 'complete', phase: 'done', entries: pin?.matched })
      // The move stopped it after its last whole page and left it 'pinning' (never 'paused' or
      // 'failed'): the library opened at the new place went on with it by itself.
      expect(lib.env.pinStates.get(pinId)).not.toContain('paused')
      expect(lib.env.pinStates.get(pinId)).not.toContain('failed')
      expect((await lib.env.call('offline.storage', {})).database.path).toBe(
        join(target, 'app.lmdb'),
      )
    } finally {
      sandbox.setFaults({ latencyMs: 0 })
      await lib.env.core.dispose()
    }
  })

  it.each(['pausing', 'copying', 'verifying'] as const)(
    'cancelled while %s, leaves the data where it was and resumes',
    async (phase) => {
      let cancelled: Promise<{ cancelled: boolean }> | undefined
      const lib = await library({
        rawFiles: false,
        onProgress: (progress, env) => {
          if (progress.phase === phase) cancelled ??= env.call('offline.moveCancel', {})
        },
      })
      const target = join(root, `cancelled-${phase}`)
      const stop = await lib.env.failure('offline.moveData', { target })
      expect(stop.message).toBe('The move was cancelled; nothing changed.')
      expect(await cancelled).toEqual({ cancelled: true })
      expect(lib.env.progress.at(-1)?.phase).toBe('stopped')
      expect(existsSync(join(target, 'app.lmdb'))).toBe(false)
      expect(await lib.env.call('offline.dataLocation', {})).toMatchObject({
        folder: lib.appDir,
        moving: null,
      })
      const { pins } = await lib.env.call('offline.list', {})
      expect(pins.map((pin) => [pin.state, pin.entries]).sort()).toEqual([
        ['complete', 1],
        ['complete', 3],
      ])
      await lib.env.core.dispose()
    },
  )

  // What a crash at each point leaves: before the switch the data stays where it was (the
  // partial copy is removed at start), after it the data is at the new place (the old copy
  // is removed at start). Either way the pin and a file of the library read whole.
  it.each([
    ['during-copy', 'old'],
    ['after-copy', 'old'],
    ['after-switch', 'new'],
  ] as const)('a crash %s leaves a working library at start (%s place)', async (point, where) => {
    const lib = await library({ rawFiles: false, crashAt: point })
    // A second file, so that the crash during the copy falls between two files.
    const note = join(lib.appDir, 'offline-files', 'kept', 'note.txt')
    mkdirSync(join(lib.appDir, 'offline-files', 'kept'), { recursive: true })
    writeFileSync(note, 'kept raw file')
    const target = join(root, `crash-${point}`)
    const crash = await lib.env.failure('offline.moveData', { target })
    expect(crash.message).toContain(`simulated crash ${point}`)

    const env = await restart(lib.appDir, lib.store, lib.env)
    const [live, gone] = where === 'old' ? [lib.appDir, target] : [target, lib.appDir]
    expect((await env.call('offline.dataLocation', {})).folder).toBe(live)
    const { pins } = await env.call('offline.list', {})
    expect(pins.find((pin) => pin.pinId === lib.pinIds[0])).toMatchObject({
      state: 'complete',
      entries: 3,
    })
    expect(readFileSync(join(live, 'offline-files', 'kept', 'note.txt'), 'utf8')).toBe(
      'kept raw file',
    )
    expect(existsSync(join(gone, 'app.lmdb'))).toBe(false)
    expect(existsSync(join(gone, 'offline-files'))).toBe(false)
    await env.core.dispose()
  })

  it('does not start an empty library in place of a moved one whose disk is missing', async () => {
    const appDir = join(root, 'missing-disk')
    const gone = join(root, 'unplugged', 'nomad')
    mkdirSync(appDir)
    writeFileSync(
      join(appDir, POINTER_FILE),
      JSON.stringify({ version: 1, from: gone, to: gone, state: 'done' }),
    )
    const env = startFolderCore({ appDir, store: createMemoryStore() })
    const failure = await env.failure('offline.list', {})
    expect(failure.message).toBe(
      `The app's data (offline library, downloads list) was moved to ${gone}, which cannot be found. Connect the disk it is on and start the app again, or remove ${join(appDir, POINTER_FILE)} to start with an empty library in ${appDir}.`,
    )
    expect(existsSync(gone)).toBe(false)
    await env.core.dispose()
  })

  it('refuses a target it cannot use, saying why, and changes nothing', async () => {
    const appDir = join(root, 'refusals')
    const store = createMemoryStore()
    let free: number | null = null
    const env = startFolderCore({
      appDir,
      store,
      dataMove: { freeSpace: () => Promise.resolve(free) },
    })
    await env.call('offline.list', {})
    const busy = join(root, 'busy')
    mkdirSync(busy)
    writeFileSync(join(busy, 'thesis.tex'), 'x')
    const refusals = {
      same: await env.failure('offline.moveData', { target: appDir }),
      inside: await env.failure('offline.moveData', { target: join(appDir, 'sub') }),
      busy: await env.failure('offline.moveData', { target: busy }),
      relative: await env.failure('offline.moveData', { target: 'data/here' }),
    }
    free = 1000
    const full = await env.failure('offline.moveData', { target: join(root, 'roomy') })
    expect(refusals.same.message).toBe(`The data is already in ${appDir}.`)
    expect(refusals.inside.message).toBe(
      `${join(appDir, 'sub')} is inside the folder the data is in now (${appDir}); choose another.`,
    )
    expect(refusals.busy.message).toBe(
      `${busy} is not empty (it holds thesis.tex); choose an empty or new folder.`,
    )
    expect(refusals.relative.message).toContain('full path')
    expect(full.message).toMatch(
      new RegExp(
        `^${join(root, 'roomy')} is on a disk with 1000 bytes free; the move needs .+ MiB`,
      ),
    )
    expect(existsSync(join(appDir, POINTER_FILE))).toBe(false)
    expect(existsSync(join(root, 'roomy'))).toBe(false)
    expect((await env.call('offline.dataLocation', {})).folder).toBe(appDir)
    await env.core.dispose()
  })
})
