import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { parseCliArgs } from '../cli-args'
import { post, testSandbox } from '../testing/harness'

/** The second revision differs from the first in new, removed and changed entries only. */

type Doc = { entry_id: string; comment?: string; upload_id: string }
let first: Sandbox
let second: Sandbox

const all = async (sandbox: Sandbox) => {
  const page = await post<{ data: Doc[] }>(sandbox, '/entries/query', {
    owner: 'public',
    pagination: { page_size: 1000 },
    required: { include: ['entry_id', 'comment', 'upload_id'] },
  })
  return new Map(page.body.data.map((doc) => [doc.entry_id, doc]))
}

beforeAll(async () => {
  first = await testSandbox({ entries: 120 })
  second = await testSandbox({ entries: 120, revised: true })
})
afterAll(async () => {
  await first?.close()
  await second?.close()
})

describe('revised data (sync tests)', () => {
  it('adds one upload, withdraws one, and revises comments; the rest is the same', async () => {
    const before = await all(first)
    const after = await all(second)
    const added = [...after.keys()].filter((id) => !before.has(id))
    const removed = [...before.keys()].filter((id) => !after.has(id))
    const changed = [...after.values()].filter(
      (doc) => before.has(doc.entry_id) && before.get(doc.entry_id)?.comment !== doc.comment,
    )
    expect(added.length).toBeGreaterThan(0)
    expect(removed.length).toBeGreaterThan(0)
    expect(changed.length).toBeGreaterThan(0)
    expect(new Set(added.map((id) => after.get(id)?.upload_id)).size).toBe(1)
    expect(new Set(removed.map((id) => before.get(id)?.upload_id)).size).toBe(1)
    for (const doc of changed) expect(doc.comment).toMatch(/\(revised\)$/)
    const same = [...after.values()].filter(
      (doc) => before.has(doc.entry_id) && before.get(doc.entry_id)?.comment === doc.comment,
    )
    expect(same.length + changed.length + added.length).toBe(after.size)
  })

  it('is the --revised flag', () => {
    expect(parseCliArgs(['--revised']).revised).toBe(true)
    expect(parseCliArgs([]).revised).toBeUndefined()
  })
})
