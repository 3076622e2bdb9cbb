import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../shared/api'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { post } from '../../sandbox/testing/harness'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'
import { ANSWER_BUDGET } from './archive-prune'

// archive.read / archive.json against the sandbox's archives and its `required` reader.

let env: SandboxCore
let small: string
let big: string

/** The whole archive straight from the sandbox, to compare pieces with. */
async function direct(entryId: string): Promise<Record<string, JsonValue>> {
  const answer = await post<{ data: { archive: Record<string, JsonValue> } }>(
    env.sandbox,
    `/entries/${entryId}/archive/query`,
    { required: '*' },
  )
  return answer.body.data.archive
}

function at(value: JsonValue | undefined, path: ArchivePath): JsonValue | undefined {
  let node = value
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return undefined
    node = Array.isArray(node)
      ? node[segment as number]
      : (node as Record<string, JsonValue>)[segment as string]
  }
  return node
}

async function entryBy(order: 'asc' | 'desc'): Promise<string> {
  const answer = await post<{ data: { entry_id: string }[] }>(env.sandbox, '/entries/query', {
    owner: 'visible',
    pagination: { page_size: 1, order_by: 'results.properties.n_calculations', order },
  })
  const id = answer.body.data[0]?.entry_id
  if (id === undefined) throw new Error('no entry')
  return id
}

beforeAll(async () => {
  env = await startSandboxCore({ entries: 300 })
  small = await entryBy('asc')
  big = await entryBy('desc') // the longest molecular-dynamics run: tens of megabytes
})

afterAll(async () => {
  await env.close()
})

describe('archive.read', () => {
  it('starts with the top-level section names only, lists with their lengths', async () => {
    const top = await env.call('archive.read', {
      serverId: env.serverId,
      entryId: small,
      path: [],
    })
    const archive = await direct(small)
    expect(Object.keys(top.value as object)).toEqual(
      ['metadata', 'results', 'run', 'workflow2', 'processing_logs'].filter((k) => k in archive),
    )
    expect(top.marks).toContainEqual({ kind: 'lazy', path: ['metadata'] })
    expect(top.marks).toContainEqual({
      kind: 'partial',
      path: ['run'],
      length: (archive.run as JsonValue[]).length,
      items: 'section',
    })
    expect(JSON.stringify(top).length).toBeLessThan(2000)
  })

  it('loads a section on expand, whole when it is small', async () => {
    const metadata = await env.call('archive.read', {
      serverId: env.serverId,
      entryId: small,
      path: ['metadata'],
    })
    expect(metadata.marks).toEqual([])
    expect(metadata.value).toEqual((await direct(small)).metadata)
  })

  it('shortens a huge run to the budget, and each mark can be loaded on its own', async () => {
    const archive = await direct(big)
    expect(JSON.stringify(archive.run).length).toBeGreaterThan(4 * ANSWER_BUDGET)
    const run = await env.call('archive.read', {
      serverId: env.serverId,
      entryId: big,
      path: ['run', 0],
    })
    expect(JSON.stringify(run.value).length).toBeLessThan(ANSWER_BUDGET * 1.1)
    const calculations = run.marks.find(
      (m) => m.kind === 'partial' && m.path.join('/') === 'run/0/calculation',
    )
    expect(calculations).toMatchObject({
      items: 'section',
      length: (at(archive, ['run', 0, 'calculation']) as JsonValue[]).length,
    })
    // What was sent is the archive's own data where it was not left out.
    expect((run.value as Record<string, JsonValue>).program).toEqual(
      at(archive, ['run', 0, 'program']),
    )
    // An item of the list beyond what was sent, fetched by its own path.
    const last = (calculations?.kind === 'partial' ? calculations.length : 1) - 1
    const item = await env.call('archive.read', {
      serverId: env.serverId,
      entryId: big,
      path: ['run', 0, 'calculation', last],
    })
    expect(item.marks).toEqual([])
    expect(item.value).toEqual(at(archive, ['run', 0, 'calculation', last]))
  })

  it('copies a whole value as JSON text', async () => {
    const copied = await env.call('archive.json', {
      serverId: env.serverId,
      entryId: big,
      path: ['run', 0, 'system', 0],
    })
    expect(JSON.parse(copied.text)).toEqual(at(await direct(big), ['run', 0, 'system', 0]))
  })

  it('names what is missing: an unknown entry, a place the archive does not have', async () => {
    const unknown = await env.failure('archive.read', {
      serverId: env.serverId,
      entryId: 'no-such-entry-id',
      path: [],
    })
    expect(unknown.code).toBe('not_found')
    expect(unknown.message).toMatch(/does not exist or is not visible to you/)
    const nowhere = await env.failure('archive.read', {
      serverId: env.serverId,
      entryId: small,
      path: ['run', 0, 'calculation', 9999, 'energy'],
    })
    expect(nowhere.code).toBe('not_found')
    expect(nowhere.message).toContain('$.run[0].calculation[9999].energy')
    const unfetchable = await env.failure('archive.read', {
      serverId: env.serverId,
      entryId: small,
      path: ['m_ref_archives', '../uploads/x'],
    })
    expect(unfetchable.code).toBe('invalid_input')
  })
})
