import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DownloadSource } from '../../../shared/ipc/channels/downloads'
import {
  HOSTILE_NAMES,
  HOSTILE_UPLOAD_ID,
  HOSTILE_UPLOAD_NORMAL_FILES,
  hostileUploadFiles,
} from '../../sandbox/testing/fixtures'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'
import { sha256, snapshot, waitForJob } from './proof-support'

/**
 * Issue 13, "Path safety": the sandbox's hostile-names upload (`../x`, `/etc/abs`, a
 * 300-character name, CON, aux.txt, a NUL byte, `a/../../b`) downloaded whole (zips) and with
 * each hostile file big enough to be fetched on its own (offset requests). Nothing may appear
 * outside the job's folder, the ordinary files must arrive intact, and every hostile name must
 * be reported as a failed item of kind 'refused' with a reason.
 */
const BIG = 9 * 1024 * 1024

describe.each([
  { label: 'small files (zips)', hostileFileBytes: undefined },
  { label: 'big files (one request each)', hostileFileBytes: BIG },
])('hostile names, $label', ({ hostileFileBytes }) => {
  let env: SandboxCore
  let root: string
  beforeAll(async () => {
    env = await startSandboxCore({
      entries: 20,
      fixtures: { hostileNames: true, ...(hostileFileBytes ? { hostileFileBytes } : {}) },
    })
    root = mkdtempSync(join(tmpdir(), 'nomad-path-safety-'))
  })
  afterAll(async () => {
    await env.close()
    rmSync(root, { recursive: true, force: true })
  })

  const sources: [string, DownloadSource][] = [
    ['the whole upload', { kind: 'upload', uploadId: HOSTILE_UPLOAD_ID }],
    ['its root folder', { kind: 'upload-paths', uploadId: HOSTILE_UPLOAD_ID, paths: [''] }],
  ]
  it.each(sources)(
    '%s: writes nothing outside the folder and refuses each name',
    async (_, source) => {
      const destination = join(root, `job-${source.kind}`)
      mkdirSync(destination)
      const outside = new Map(
        [...snapshot(root)].filter(([path]) => !path.startsWith(`job-${source.kind}`)),
      )
      const etcAbsBefore = existsSync('/etc/abs')

      const { jobId } = await env.call('downloads.start', {
        serverId: env.serverId,
        source,
        destination,
      })
      const job = await waitForJob(() => env.call('downloads.list', {}), jobId, 120_000)

      // Nothing changed beside the job's folder, nor at the absolute path a careless client uses.
      const after = new Map(
        [...snapshot(root)].filter(([path]) => !path.startsWith(`job-${source.kind}`)),
      )
      expect(after).toEqual(outside)
      expect(existsSync('/etc/abs')).toBe(etcAbsBefore)

      // Inside it: the ordinary files, identical, and no file by any hostile name.
      const expected = new Map(hostileUploadFiles(hostileFileBytes).map((f) => [f.path, f.bytes]))
      const inside = [...snapshot(destination)]
        .filter(([, size]) => size >= 0)
        .map(([path]) => path)
      const wanted = HOSTILE_UPLOAD_NORMAL_FILES.map((path) => `${HOSTILE_UPLOAD_ID}/${path}`)
      expect(inside.filter((path) => path !== 'manifest.json').sort()).toEqual([...wanted].sort())
      for (const path of HOSTILE_UPLOAD_NORMAL_FILES) {
        const bytes = readFileSync(join(destination, HOSTILE_UPLOAD_ID, path))
        expect(sha256(bytes), path).toBe(sha256(expected.get(path) ?? Buffer.alloc(0)))
      }

      // Each hostile name is one failed item, refused, with a reason; the job says so.
      expect(job.state).toBe('failed')
      expect(job.filesFailed).toBe(HOSTILE_NAMES.length)
      const failures = await env.call('downloads.failures', { jobId, limit: 500 })
      expect(failures.total).toBe(HOSTILE_NAMES.length)
      for (const item of failures.items) {
        expect(item.kind, item.path).toBe('refused')
        expect(item.reason.length, item.path).toBeGreaterThan(10)
        expect(item.uploadId ?? HOSTILE_UPLOAD_ID).toBe(HOSTILE_UPLOAD_ID)
      }
      // Every name is accounted for: each failed item's path ends with exactly one hostile name.
      const named = HOSTILE_NAMES.filter((name) =>
        failures.items.some(
          (item) =>
            item.path.endsWith(name) || item.path.endsWith(JSON.stringify(name).slice(1, -1)),
        ),
      )
      expect(named.length).toBe(HOSTILE_NAMES.length)
    },
  )
})
