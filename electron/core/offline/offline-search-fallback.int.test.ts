import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

// Offline mode in search: once the server stops answering, searches, counts, facets and an
// entry's details come from the entries pinned from it, each answer saying so; what is not
// pinned gets a sentence that says why, not a bare network error.

let env: SandboxCore
const query = { 'results.material.n_elements:gte': 3 }
let online: { total: number; ids: string[]; facets: unknown }
let pinned = 0

beforeAll(async () => {
  env = await startSandboxCore({ entries: 80 })
  const { pinId } = await env.call('offline.pin', {
    serverId: env.serverId,
    source: { kind: 'search', query: {}, owner: 'visible' },
    withArchives: false,
  })
  for (let i = 0; i < 200; i++) {
    const { pins } = await env.call('offline.list', {})
    const pin = pins.find((p) => p.pinId === pinId)
    pinned = pin?.entries ?? 0
    if (pin?.state === 'complete') break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const page = await env.call('search.page', pageInput())
  const facets = await env.call('search.aggregations', facetInput())
  online = { total: page.total, ids: page.rows.map((r) => r.id), facets: facets.facets }
  expect(page.offline).toBeUndefined()
  await env.sandbox.close()
})
afterAll(() => env.close())

function pageInput() {
  return {
    serverId: env.serverId,
    owner: 'visible' as const,
    query,
    columns: ['results.material.chemical_formula_hill'],
    orderBy: 'upload_create_time',
    order: 'desc' as const,
    pageSize: 25,
    after: null,
    lane: 'interactive' as const,
  }
}

function facetInput() {
  return {
    serverId: env.serverId,
    owner: 'visible' as const,
    query,
    facets: [{ quantity: 'results.material.elements', excludeFromSearch: true }],
  }
}

describe('search while the server is unreachable', () => {
  it('pages, counts and facets come from the pinned entries, marked offline', async () => {
    const page = await env.call('search.page', pageInput())
    expect(pinned).toBeGreaterThan(online.total)
    expect(online.total).toBeGreaterThan(0)
    expect(page.offline?.entries).toBe(pinned)
    expect(page.offline?.syncedAt).toEqual(expect.any(Number))
    expect(page.total).toBe(online.total)
    expect(page.rows.map((r) => r.id)).toEqual(online.ids)
    const count = await env.call('search.count', {
      serverId: env.serverId,
      owner: 'visible',
      query,
    })
    expect(count).toMatchObject({ total: online.total, offline: { entries: pinned } })
    const facets = await env.call('search.aggregations', facetInput())
    expect(facets.facets).toEqual(online.facets)
    expect(facets.offline?.entries).toBe(pinned)
  })

  it('opens a pinned entry, and names an entry that is not pinned', async () => {
    const id = online.ids[0]!
    const detail = await env.call('search.entry', { serverId: env.serverId, entryId: id })
    expect(detail.entry.entry_id).toBe(id)
    const missing = await env.failure('search.entry', { serverId: env.serverId, entryId: 'nope' })
    expect(missing.code).toBe('network')
    expect(missing.message).toBe(
      'The server cannot be reached and entry nope is neither pinned nor recently viewed on this computer.',
    )
  })
})
