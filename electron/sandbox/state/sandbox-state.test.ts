import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { GROUP_IDS } from '../data/groups'
import { CAST } from '../data/users'
import { SandboxState } from './sandbox-state'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const options = { entries: 120, seed: 3, largeFileBytes: 1024 }

describe('SandboxState', () => {
  it('knows the demo users and which groups each belongs to', () => {
    const state = new SandboxState(options)
    expect(state.users.byUsername('lena')?.user_id).toBe(CAST.lena.user_id)
    expect(state.users.search('HOFF').map((u) => u.username)).toEqual(['lena'])
    expect(state.groupIdsOf(CAST.sofia.user_id).sort()).toEqual(
      [GROUP_IDS.catalysis, GROUP_IDS.hoffmannLab].sort(),
    )
    expect(state.groupIdsOf(CAST.paul.user_id)).toEqual([GROUP_IDS.readingClub])
  })

  it('keeps everything in memory without a data directory', () => {
    const state = new SandboxState(options)
    state.groups.delete(GROUP_IDS.readingClub)
    state.persist()
    state.flush()
    expect(new SandboxState(options).groups.has(GROUP_IDS.readingClub)).toBe(true)
  })

  it('persists groups, member edits and registered parts atomically and loads them back', () => {
    const dataDir = tempDir()
    const first = new SandboxState({ ...options, dataDir })
    let counter = 7
    first.registerPersistent('counter', { toJSON: () => counter, load: () => undefined })
    first.groups.delete(GROUP_IDS.readingClub)
    const upload = first.data.uploads[0]!
    expect(first.editUpload(upload.upload_id, { reviewers: [CAST.paul.user_id] })).toBe(true)
    counter = 8
    first.flush()
    const saved = JSON.parse(readFileSync(join(dataDir, 'sandbox-state.json'), 'utf8')) as {
      parts: Record<string, unknown>
    }
    expect(saved.parts.counter).toBe(8)
    // It holds the token-signing secret: readable by its owner only.
    expect(statSync(join(dataDir, 'sandbox-state.json')).mode & 0o077).toBe(0)

    const second = new SandboxState({ ...options, dataDir })
    let loaded: unknown = null
    second.registerPersistent('counter', { toJSON: () => 0, load: (json) => (loaded = json) })
    expect(loaded).toBe(8)
    expect(second.groups.has(GROUP_IDS.readingClub)).toBe(false)
    expect(second.data.uploads[0]!.reviewers).toEqual([CAST.paul.user_id])
    const doc = second.data.docs[upload.entryStart]!
    expect(doc.viewers.map((v) => v.user_id)).toContain(CAST.paul.user_id)
  })

  it('starts fresh (and reports) when the state file is corrupt', () => {
    const dataDir = tempDir()
    const first = new SandboxState({ ...options, dataDir })
    first.persist()
    first.flush()
    const file = join(dataDir, 'sandbox-state.json')
    writeFileSync(file, '{not json')
    const errors: unknown[] = []
    const state = new SandboxState({ ...options, dataDir, onPersistError: (e) => errors.push(e) })
    expect(errors).toHaveLength(1)
    expect(state.groups.size).toBe(3)
  })
})
