import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../shared/api'
import { parseReference, resolvePath, type ArchiveShape } from '../../../shared/archive/references'
import { buildRequired } from '../../../shared/archive/required'
import { toggleTick } from '../../../shared/archive/required-ticks'
import type { ArchiveAnswer, ArchivePath } from '../../../shared/ipc/channels/archive'
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

/**
 * The archive as far as `answers` (archive.read results) show it, for the shared resolver:
 * the deepest answer at or above a place says what is there; its marks say what was left out.
 */
function shapeOf(answers: ArchiveAnswer[]): ArchiveShape {
  return {
    at(path) {
      const key = JSON.stringify(path)
      const answer = answers
        .filter((a) => JSON.stringify(path.slice(0, a.path.length)) === JSON.stringify(a.path))
        .sort((a, b) => b.path.length - a.path.length)[0]
      if (answer === undefined) return { t: 'unknown' }
      const mark = answer.marks.find((m) => JSON.stringify(m.path) === key)
      if (mark?.kind === 'lazy') return { t: 'unknown' }
      if (mark?.kind === 'partial') return { t: 'list', length: mark.length }
      const value = at(answer.value, path.slice(answer.path.length))
      if (value === undefined) return { t: 'unknown' }
      if (Array.isArray(value)) return { t: 'list', length: value.length }
      if (typeof value === 'object' && value !== null)
        return { t: 'object', keys: Object.keys(value) }
      return { t: 'value' }
    },
  }
}

describe('references, followed with the shared resolver over archive.read', () => {
  const read = (entryId: string, path: ArchivePath) =>
    env.call('archive.read', { serverId: env.serverId, entryId, path })

  /** Resolves a reference as the viewer does: loading what the way needs, part by part. */
  async function follow(entryId: string, raw: string) {
    const ref = parseReference(raw)
    if (ref?.kind !== 'local') throw new Error(`not a local reference: ${raw}`)
    const answers = [await read(entryId, [])]
    for (;;) {
      const step = resolvePath(ref.path, shapeOf(answers))
      if (step.status !== 'load') return step
      answers.push(await read(entryId, step.path))
    }
  }

  it('follows calculation → system_ref and workflow2 → the last calculation', async () => {
    const archive = await direct(small)
    const calculation = await read(small, ['run', 0, 'calculation', 0])
    const systemRef = (calculation.value as Record<string, JsonValue>).system_ref
    expect(systemRef).toMatch(/^#\/run\/0\/system\/\d+$/)
    const system = await follow(small, systemRef as string)
    expect(system).toEqual({ status: 'found', path: ['run', 0, 'system', expect.any(Number)] })
    if (system.status !== 'found') return
    const target = await read(small, system.path)
    expect(target.value).toEqual(at(archive, system.path))

    // `-1` lands on the last calculation once run[0] says how many there are.
    const workflow = at(archive, ['workflow2', 'results', 'calculation_result_ref'])
    expect(workflow).toBe('#/run/0/calculation/-1')
    const last = (at(archive, ['run', 0, 'calculation']) as JsonValue[]).length - 1
    expect(await follow(small, workflow as string)).toEqual({
      status: 'found',
      path: ['run', 0, 'calculation', last],
    })
    // The legacy workflow list's `/run/0/...` form lands on the same place.
    const legacy = await direct(small)
    const legacyRef = at(legacy, ['workflow', 0, 'calculation_result_ref'])
    if (typeof legacyRef === 'string')
      expect(await follow(small, legacyRef)).toEqual({
        status: 'found',
        path: ['run', 0, 'calculation', last],
      })
  })

  it('names the missing step of a reference to a place the archive does not have', async () => {
    const missing = await follow(small, '#/run/0/system/99999')
    expect(missing).toMatchObject({ status: 'missing' })
    expect(missing.status === 'missing' && missing.reason).toMatch(
      /^run\/0\/system has \d+ items?; item 99999 is not there\.$/,
    )
  })
})

describe('the required builder against the sandbox’s reader', () => {
  it('asks for what the ticks say: the last calculation’s energy, two systems, workflow2', async () => {
    const required = buildRequired([
      {
        steps: [
          { key: 'run', pick: { kind: 'index', index: 0 } },
          { key: 'calculation', pick: { kind: 'index', index: -1 } },
          { key: 'energy' },
        ],
        directive: '*',
      },
      {
        steps: [
          { key: 'run', pick: { kind: 'index', index: 0 } },
          { key: 'system', pick: { kind: 'slice', start: 0, end: 2 } },
        ],
        directive: '*',
      },
      { steps: [{ key: 'workflow2' }, { key: 'results' }], directive: '*' },
    ])
    const whole = await direct(small)
    const answer = await post<{ data: { archive: Record<string, JsonValue> } }>(
      env.sandbox,
      `/entries/${small}/archive/query`,
      { required },
    )
    const archive = answer.body.data.archive
    const calculations = at(whole, ['run', 0, 'calculation']) as JsonValue[]
    const run = (archive.run as JsonValue[])[0] as Record<string, JsonValue>
    // An indexed key comes back under the bare name as a list (facts §4).
    expect(run.calculation).toEqual([{ energy: at(calculations.at(-1), ['energy']) }])
    expect(run.system).toEqual((at(whole, ['run', 0, 'system']) as JsonValue[]).slice(0, 2))
    expect(archive.workflow2).toEqual({ results: at(whole, ['workflow2', 'results']) })
    expect(Object.keys(archive).sort()).toEqual(['m_ref_archives', 'run', 'workflow2'])
  })
})

describe('ticks in the tree → required → the sandbox’s answer (the builder’s preview)', () => {
  it('ticks in two places, a last-item pick and include-resolved come back as asked', async () => {
    const whole = await direct(small)
    const calculations = at(whole, ['run', 0, 'calculation']) as JsonValue[]
    const lengthOf = (list: readonly (string | number)[]) => {
      const value = at(whole, list as ArchivePath)
      return Array.isArray(value) ? value.length : undefined
    }
    // Tick the energy of calculation 0 and the whole first system, then make the calculation
    // pick "the last item" as the builder's pick menu does.
    let ticks = toggleTick([], ['run', 0, 'calculation', 0, 'energy'], lengthOf)
    ticks = toggleTick(ticks, ['run', 0, 'system', 0], lengthOf)
    ticks = toggleTick(ticks, ['workflow2'], lengthOf)
    const [energy, system, workflow] = ticks
    if (!energy || !system || !workflow) throw new Error('three ticks expected')
    energy.steps[1] = { key: 'calculation', pick: { kind: 'index', index: -1 } }
    workflow.directive = 'include-resolved'
    const required = buildRequired(ticks)
    expect(required).toEqual({
      'run[0]': { 'calculation[-1]': { energy: '*' }, 'system[0]': '*' },
      workflow2: 'include-resolved',
    })
    const answer = await post<{ data: { archive: Record<string, JsonValue> } }>(
      env.sandbox,
      `/entries/${small}/archive/query`,
      { required },
    )
    const archive = answer.body.data.archive
    const run = (archive.run as JsonValue[])[0] as Record<string, JsonValue>
    // include-resolved copies the workflow's targets (the last calculation, its system) to
    // their places in the run, so the last calculation arrives whole.
    expect((run.calculation as JsonValue[]).at(-1)).toEqual(calculations.at(-1))
    expect((run.system as JsonValue[])[0]).toEqual(at(whole, ['run', 0, 'system', 0]))
    // The workflow comes whole, its negative indices made positions, and the other entry it
    // points at (its input structure) under m_ref_archives.
    expect(Object.keys(archive.workflow2 as object)).toEqual(Object.keys(whole.workflow2 as object))
    expect(Object.keys(archive.m_ref_archives as object)).toHaveLength(1)
    // Without include-resolved the workflow's reference stays a string and the calculation
    // brings only its energy.
    workflow.directive = '*'
    const plain = await post<{ data: { archive: Record<string, JsonValue> } }>(
      env.sandbox,
      `/entries/${small}/archive/query`,
      { required: buildRequired(ticks) },
    )
    expect(at(plain.body.data.archive, ['run', 0, 'calculation'])).toEqual([
      { energy: at(calculations.at(-1), ['energy']) },
    ])

    const preview = await env.call('archive.preview', {
      serverId: env.serverId,
      entryId: small,
      required: buildRequired(ticks),
    })
    expect(preview.bytes).toBe(Buffer.byteLength(JSON.stringify(plain.body.data.archive)))
    expect(preview.parts.map((p) => p.key).sort()).toEqual(['run', 'workflow2'])
    // run, run[0], the calculation, its energy section(s), the system and more below it.
    expect(preview.sections).toBeGreaterThan(4)
  })

  it('a required the server rejects fails with the server’s message', async () => {
    await expect(
      env.call('archive.preview', {
        serverId: env.serverId,
        entryId: small,
        required: { 'run[0]': { calculaton: '*' } },
      }),
    ).rejects.toThrow(/has no property calculaton/)
  })
})
