import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Owner } from '../../../shared/api/common'
import { startSession } from '../api/test-support/sandbox-session'
import { openEmbeddedDb, type EmbeddedDb } from '../storage/embedded-db'
import { OfflineLibrary } from './offline-library'
import { OfflineSearch } from './offline-search'
import { runPin } from './pin-runner'
import {
  CORPUS_AGGREGATIONS,
  CORPUS_SORTS,
  queryCorpus,
  type CorpusSearch,
} from './testing/query-corpus'
import type { PinRecord } from './library-records'

// The offline library answers a search as the server does: for each owner, every entry the
// owner shows is pinned (metadata only), and then every search of the corpus is run against
// the sandbox and the library, page after page along the cursor: the same ids in the same
// order, the same totals, the same facet counts.

type Json = Record<string, unknown>
let session: Awaited<ReturnType<typeof startSession>>
let db: EmbeddedDb
let dir: string
let library: OfflineLibrary
let search: OfflineSearch
let corpus: CorpusSearch[]
// Every owner a signed-in researcher can ask for ('admin' needs an administrator).
const OWNERS_PINNED: Owner[] = ['public', 'visible', 'shared', 'user', 'staging', 'all']

function pinOf(owner: Owner): PinRecord {
  return {
    pinId: `all-${owner}`,
    serverId: `sandbox-${owner}`,
    serverName: 'Sandbox',
    label: `Everything (${owner})`,
    source: { kind: 'search', query: {}, owner },
    limit: 100_000,
    archiveRequired: null,
    state: 'pinning',
    createdAt: 0,
    entries: 0,
    bytes: 0,
    phase: 'metadata',
  }
}

beforeAll(async () => {
  session = await startSession({ entries: 400 })
  session.credentials.given.auto = await session.signIn('lena')
  dir = mkdtempSync(join(tmpdir(), 'nomad-offline-diff-'))
  db = await openEmbeddedDb(dir)
  library = new OfflineLibrary(db)
  search = new OfflineSearch(library)
  for (const owner of OWNERS_PINNED) {
    const pin = await runPin({ client: session.client, library, pageSize: 250 }, pinOf(owner))
    expect(pin.state, pin.message).toBe('complete')
  }
  corpus = queryCorpus([...library.entriesOf('sandbox-public')].map((e) => e.doc))
})

afterAll(async () => {
  await db.close()
  await session.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Ids of every page of a search (following the cursor), its total and first aggregations. */
async function walk(
  ask: (body: Json) => Promise<{ data: Json[]; pagination: Json; aggregations?: unknown }>,
  owner: Owner,
  s: CorpusSearch,
) {
  const ids: string[] = []
  let cursor: string | undefined
  let total = -1
  let aggregations: unknown
  for (let page = 0; page < 100; page++) {
    const answer = await ask({
      owner,
      query: s.query,
      pagination: {
        page_size: s.page_size,
        order_by: s.order_by,
        order: s.order,
        ...(cursor ? { page_after_value: cursor } : {}),
      },
      required: { include: ['entry_id'] },
      ...(page === 0 ? { aggregations: CORPUS_AGGREGATIONS } : {}),
    })
    if (page === 0) aggregations = answer.aggregations
    total = Number(answer.pagination.total)
    ids.push(...answer.data.map((d) => String(d.entry_id)))
    cursor = (answer.pagination.next_page_after_value as string | undefined) ?? undefined
    if (cursor === undefined || answer.data.length === 0) break
  }
  return { ids, total, aggregations }
}

describe('offline search against the sandbox', () => {
  it('pins every entry each owner shows', () => {
    expect(library.listPins().map((p) => [p.pinId, p.entries > 0])).toEqual(
      OWNERS_PINNED.map((owner) => [`all-${owner}`, true]).sort(),
    )
    expect(corpus.length).toBeGreaterThanOrEqual(100)
    // Every sort in both directions.
    expect(new Set(corpus.map((s) => `${s.order_by} ${s.order}`)).size).toBe(
      CORPUS_SORTS.length * 2,
    )
  })

  it.each(OWNERS_PINNED)(
    'answers the whole corpus as the sandbox does (owner %s)',
    async (owner) => {
      let nonEmpty = 0
      for (const s of corpus) {
        const online = await walk((body) => session.client.entries.query(body), owner, s)
        const offline = await walk(
          (body) => Promise.resolve(search.query(`sandbox-${owner}`, body)),
          owner,
          s,
        )
        expect(offline.total, `${s.name} (${s.order_by} ${s.order})`).toBe(online.total)
        expect(offline.ids, `${s.name} (${s.order_by} ${s.order})`).toEqual(online.ids)
        expect(online.aggregations, `${s.name} aggregations`).toHaveProperty('program')
        expect(offline.aggregations, `${s.name} aggregations`).toEqual(online.aggregations)
        if (online.total > 0) nonEmpty++
      }
      // A corpus of empty answers would prove nothing.
      expect(nonEmpty).toBeGreaterThan(corpus.length / 2)
    },
  )
})
