import { paginationRequest, type Owner } from '../../../shared/api/common'
import {
  DEFAULT_CATALOGUE,
  normalizeQuery,
  validateOrderBy,
  type NormalizedQuery,
  type QuantityCatalogue,
} from '../../../shared/query'
import {
  aggregateSearch,
  ALL_DOCUMENTS,
  parseRequired,
  projectRequired,
  QueryEngine,
  type DocumentSource,
} from '../../../shared/query/engine'
import { AppError } from '../../../shared/errors'
import type { EntriesQueryBody } from '../api/endpoints/entries'
import type { StoredEntry } from './library-records'
import type { OfflineLibrary } from './offline-library'

/**
 * Searches over a server's pinned entries with shared/query's engine, the one the sandbox uses,
 * answering in the shape of POST /entries/query: the same query means the same entries in the
 * same order with the same facet counts online and offline (offline-differential.int.test.ts
 * holds that over 100+ queries). Offline, a search covers every entry pinned from the server,
 * whatever `owner` it names: the pins were made with the owner the user chose then.
 */

type Json = Record<string, unknown>

/** NOMAD's defaults when a request leaves them out. */
const DEFAULT_PAGE_SIZE = 10

export interface OfflineAnswer {
  owner: Owner
  query: NormalizedQuery
  pagination: Json & { total: number; page_size: number }
  required?: Json
  aggregations?: Json
  data: Json[]
}

interface ServerDocs {
  version: number
  docs: Json[]
  ids: string[]
  fields: Set<string>
}

interface ServerIndex extends ServerDocs {
  engine: QueryEngine
}

export class OfflineSearch {
  private readonly indexes = new Map<string, ServerIndex>()
  /** Entries a full read of the library passed by (the start-up scan), for the first search. */
  private readonly prepared = new Map<string, ServerDocs>()

  constructor(
    private readonly library: OfflineLibrary,
    private readonly catalogue: QuantityCatalogue = DEFAULT_CATALOGUE,
  ) {}

  /** How many entries of the server are pinned (0 when none: offline search has nothing). */
  size(serverId: string): number {
    return this.index(serverId).docs.length
  }

  /** One page of a search, its total and its aggregations, from the pinned entries. */
  query(serverId: string, body: EntriesQueryBody): OfflineAnswer {
    const { engine, docs, fields } = this.index(serverId)
    const query = normalizeQuery(body.query ?? {}, this.catalogue)
    const parsed = paginationRequest.safeParse(body.pagination ?? {})
    if (!parsed.success)
      throw new AppError('invalid_input', 'The pagination of an offline search is not valid.')
    const given = parsed.data
    const order_by = validateOrderBy(given.order_by, this.catalogue)
    const pagination = {
      page_size: given.page_size ?? DEFAULT_PAGE_SIZE,
      order_by,
      order: given.order ?? 'asc',
      ...(given.page_after_value !== undefined ? { page_after_value: given.page_after_value } : {}),
      ...(given.page !== undefined ? { page: given.page } : {}),
      ...(given.page_offset !== undefined ? { page_offset: given.page_offset } : {}),
    }
    const required = parseRequired(body.required, this.catalogue, fields)
    const result = engine.search(query, ALL_DOCUMENTS, pagination)
    const aggregations = aggregateSearch(engine, {
      query,
      scope: ALL_DOCUMENTS,
      matches: result,
      raw: body.aggregations,
    })
    return {
      owner: body.owner ?? 'public',
      query,
      pagination: {
        ...pagination,
        total: result.total,
        ...(result.nextPageAfterValue !== undefined
          ? { next_page_after_value: result.nextPageAfterValue }
          : {}),
      },
      ...(required ? { required: required as Json } : {}),
      ...(aggregations ? { aggregations: aggregations } : {}),
      data: result.hits.map((i) => projectRequired(docs[i] ?? {}, required, order_by)),
    }
  }

  /**
   * Collects the entries a full read of the library passes by (the start-up scan reads and
   * checks every record anyway, in chunks that leave the event loop free), so that the first
   * search after start does not read them all again at once. A server whose entries change
   * during the read is dropped and read at its first search, as without this.
   */
  collector(): { add(serverId: string, entry: StoredEntry): void; done(): void } {
    const seen = new Map<string, ServerDocs>()
    return {
      add: (serverId, entry) => {
        let docs = seen.get(serverId)
        if (docs === undefined) {
          docs = emptyDocs(this.library.version(serverId))
          seen.set(serverId, docs)
        }
        addDoc(docs, entry.doc)
      },
      done: () => {
        for (const [serverId, docs] of seen)
          if (docs.version === this.library.version(serverId)) this.prepared.set(serverId, docs)
      },
    }
  }

  /** The engine over the server's pinned entries, rebuilt when the library changed them. */
  private index(serverId: string): ServerIndex {
    const version = this.library.version(serverId)
    const cached = this.indexes.get(serverId)
    if (cached && cached.version === version) return cached
    const ready = this.prepared.get(serverId)
    this.prepared.delete(serverId)
    const { docs, ids, fields } = ready?.version === version ? ready : this.read(serverId, version)
    const source: DocumentSource = {
      size: docs.length,
      version,
      doc: (index) => docs[index] ?? {},
      id: (index) => ids[index] ?? '',
    }
    const index = {
      version,
      engine: new QueryEngine(source, this.catalogue),
      docs,
      ids,
      fields,
    }
    this.indexes.set(serverId, index)
    return index
  }

  private read(serverId: string, version: number): ServerDocs {
    const docs = emptyDocs(version)
    for (const entry of this.library.entriesOf(serverId)) addDoc(docs, entry.doc)
    return docs
  }
}

function emptyDocs(version: number): ServerDocs {
  return { version, docs: [], ids: [], fields: new Set(['entry_id']) }
}

function addDoc(into: ServerDocs, doc: StoredEntry['doc']): void {
  into.docs.push(doc)
  into.ids.push(doc.entry_id)
  for (const key of Object.keys(doc)) into.fields.add(key)
}
