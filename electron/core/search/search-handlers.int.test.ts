import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract'
import { contract } from '../../../shared/ipc/contract'
import type { Sandbox } from '../../sandbox'
import { post, testSandbox } from '../../sandbox/testing/harness'
import { createCore, type Core } from '../create-core'
import { createRouter } from '../ipc/router'
import { createLogger, createMemorySink } from '../logging'
import { createMemoryStore } from '../settings/key-value'

// The search channels end to end in Node: router → handlers → NomadClient → scheduler → sandbox.

let sandbox: Sandbox
let core: Core
let dataDir: string
let serverId: string
let call: <C extends ChannelName>(
  channel: C,
  input: ChannelInput<C>,
  signal?: AbortSignal,
) => Promise<ChannelOutput<C>>

function makeCore(dir: string): Core {
  return createCore({
    mode: 'web',
    platform: 'linux',
    appVersion: '0.1.0',
    dataDir: dir,
    settingsStore: createMemoryStore(),
    events: { emit: () => undefined },
    logger: createLogger({ sink: createMemorySink() }),
    devChecks: true,
    recheck: { onlineMs: 0, failedMs: 0 },
  })
}

function bind(target: Core) {
  const router = createRouter(contract, target.handlers, { validateOutputs: true })
  return async <C extends ChannelName>(
    channel: C,
    input: ChannelInput<C>,
    signal = new AbortController().signal,
  ): Promise<ChannelOutput<C>> => {
    const result = await router.call(channel, input, { signal, sender: 'test' })
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value as ChannelOutput<C>
  }
}

const EXAMPLE = {
  'results.material.elements': { all: ['Ti', 'O'] },
  'results.method.simulation.program_name': 'VASP',
}

beforeAll(async () => {
  sandbox = await testSandbox({ entries: 3000, limits: { maxPageSize: 50 } })
  dataDir = mkdtempSync(join(tmpdir(), 'search-int-'))
  core = makeCore(dataDir)
  call = bind(core)
  const profile = await call('servers.add', { name: 'Sandbox', baseUrl: sandbox.baseUrl })
  serverId = profile.id
})

afterAll(async () => {
  await core.dispose()
  await sandbox.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('search channels against the sandbox', () => {
  it('search.info reads the catalogue from GET /info', async () => {
    const info = await call('search.info', { serverId })
    expect(info.source).toBe('server')
    expect(info.quantities.find((q) => q.name === 'results.material.elements')).toMatchObject({
      type: 'enum',
      many: true,
    })
  })

  it('search.count equals a direct API call', async () => {
    const direct = await post<{ pagination: { total: number } }>(sandbox, '/entries/query', {
      owner: 'visible',
      query: EXAMPLE,
      pagination: { page_size: 0 },
    })
    const { total } = await call('search.count', { serverId, owner: 'visible', query: EXAMPLE })
    expect(total).toBe(direct.body.pagination.total)
    expect(total).toBeGreaterThan(0)
  })

  it('search.count is cancelled with the caller’s signal', async () => {
    const controller = new AbortController()
    const pending = call(
      'search.count',
      { serverId, owner: 'visible', query: {} },
      controller.signal,
    )
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' })
  })

  it('search.page returns rows of the asked columns and pages with the cursor, sorted', async () => {
    const base = {
      serverId,
      owner: 'visible' as const,
      query: {},
      columns: ['results.material.chemical_formula_hill', 'authors.name'],
      orderBy: 'results.material.chemical_formula_hill',
      order: 'asc' as const,
      pageSize: 20,
      lane: 'interactive' as const,
    }
    const first = await call('search.page', { ...base, after: null })
    expect(first.rows).toHaveLength(20)
    expect(first.next).not.toBeNull()
    expect(Object.keys(first.rows[0]?.cells ?? {}).sort()).toEqual([
      'authors.name',
      'results.material.chemical_formula_hill',
    ])
    const second = await call('search.page', { ...base, after: first.next, lane: 'background' })
    const formulas = [...first.rows, ...second.rows].map((r) =>
      String(r.cells['results.material.chemical_formula_hill']),
    )
    expect(formulas).toEqual([...formulas].sort())
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(40)
  })

  it('lowers the page size to the limit the server names, and says so', async () => {
    const page = await call('search.page', {
      serverId,
      owner: 'visible',
      query: {},
      columns: [],
      orderBy: null,
      order: 'asc',
      pageSize: 200,
      after: null,
      lane: 'interactive',
    })
    expect(page.pageSize).toBe(50)
    expect(page.rows).toHaveLength(50)
    expect(page.notice).toBe('The server allows at most 50 results per page; using 50.')
  })

  it('search.aggregations counts terms; exclude_from_search ignores the facet’s own criterion', async () => {
    const query = { 'results.method.simulation.program_name': 'VASP' }
    const { facets, total } = await call('search.aggregations', {
      serverId,
      owner: 'visible',
      query,
      facets: [
        { quantity: 'results.method.simulation.program_name', excludeFromSearch: true },
        { quantity: 'results.material.elements', excludeFromSearch: false },
      ],
    })
    const programs = facets['results.method.simulation.program_name'] ?? []
    expect(programs.length).toBeGreaterThan(1)
    expect(programs.find((b) => b.value === 'VASP')?.count).toBe(total)
    const oxygen = facets['results.material.elements']?.find((b) => b.value === 'O')
    expect(oxygen?.count).toBeLessThanOrEqual(total)
  })

  it('search.entry returns the entry without its large lists', async () => {
    const page = await call('search.page', {
      serverId,
      owner: 'visible',
      query: {},
      columns: [],
      orderBy: null,
      order: 'asc',
      pageSize: 1,
      after: null,
      lane: 'interactive',
    })
    const id = page.rows[0]?.id ?? ''
    const { entry } = await call('search.entry', { serverId, entryId: id })
    expect(entry.entry_id).toBe(id)
    expect(entry).not.toHaveProperty('quantities')
  })

  it('search.suggestAuthors finds names case-insensitively from the start of words', async () => {
    const page = await call('search.page', {
      serverId,
      owner: 'visible',
      query: {},
      columns: ['authors.name'],
      orderBy: null,
      order: 'asc',
      pageSize: 1,
      after: null,
      lane: 'interactive',
    })
    const cell = page.rows[0]?.cells['authors.name']
    const name = String(Array.isArray(cell) ? cell[0] : cell)
    const typed = name.slice(0, 4).toLowerCase()
    const { names } = await call('search.suggestAuthors', {
      serverId,
      owner: 'visible',
      text: typed,
    })
    expect(names.map((n) => n.value)).toContain(name)
  })

  it('saved searches, history and state persist in the data folder across a restart', async () => {
    const state = {
      owner: 'visible' as const,
      query: EXAMPLE,
      columns: ['entry_type'],
      orderBy: null,
      order: 'desc' as const,
      pageSize: 50,
      units: { 'results.properties.electronic.band_gap.value': 'meV' },
    }
    const saved = await call('search.saved.save', { serverId, name: ' Ti-O VASP ', search: state })
    expect(saved.name).toBe('Ti-O VASP')
    await call('search.saved.save', { serverId, id: saved.id, name: 'Renamed', search: state })
    await call('search.history.add', { serverId, owner: 'visible', query: {}, total: 3000 })
    await call('search.history.add', { serverId, owner: 'visible', query: EXAMPLE, total: 5 })
    await call('search.history.add', { serverId, owner: 'visible', query: {}, total: 3000 })
    await call('search.state.set', { serverId, state })

    const again = makeCore(dataDir)
    const call2 = bind(again)
    try {
      const list = await call2('search.saved.list', { serverId })
      expect(list.map((s) => s.name)).toEqual(['Renamed'])
      const history = await call2('search.history.list', { serverId })
      expect(history.map((h) => h.query)).toEqual([{}, EXAMPLE])
      expect(await call2('search.state.get', { serverId })).toEqual(state)
      expect(await call2('search.state.get', { serverId: 'other' })).toBeNull()
      expect(await call2('search.saved.remove', { serverId, id: saved.id })).toEqual([])
      expect(await call2('search.history.clear', { serverId })).toEqual([])
    } finally {
      await again.dispose()
    }
  })
})
