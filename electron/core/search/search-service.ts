/**
 * Searching one server: counts, pages of rows, facet counts, one entry and author suggestions,
 * all through the server's NomadClient (so through its scheduler, on the lane the caller asks
 * for, cancelled with the caller's signal).
 */
import type { JsonObject, Owner } from '../../../shared/api'
import type { Bucket, EntriesPage } from '../../../shared/ipc/channels/search'
import { AppError } from '../../../shared/errors'
import type { ApiRegistry } from '../api/client-registry'
import type { EntriesQueryBody } from '../api/endpoints/entries'
import { RowMapper } from './cells'
import {
  offlineQuery,
  orOffline,
  remember,
  whenUnreachable,
  type KeptNote,
  type OfflineNote,
  type OfflineSource,
} from './offline-fallback'
import {
  isPageSizeRefusal,
  isResultWindowError,
  learnedPageSizeNotice,
  namedPageSizeLimit,
  nextPageSize,
  pageSizeNotice,
  resultWindowError,
  type PageSizeLimits,
} from './page-size'

export interface PageRequest {
  serverId: string
  owner: Owner
  query: JsonObject
  columns: string[]
  orderBy: string | null
  order: 'asc' | 'desc'
  pageSize: number
  after: string | null
  lane: 'interactive' | 'background'
}

export interface FacetRequest {
  quantity: string
  size?: number
  include?: string
  excludeFromSearch: boolean
}

const ENTRY_ID = 'entry_id'

const withNote = (offline: OfflineNote | undefined) => (offline === undefined ? {} : { offline })

/**
 * `offline`, when given, answers from the offline library while a server cannot be reached
 * (offline-fallback.ts); every answer from it carries an `offline` note.
 */
export function createSearchService(
  api: ApiRegistry,
  limits: PageSizeLimits,
  offline?: OfflineSource,
) {
  /** POST /entries/query on the server, or from the library when the server is unreachable. */
  async function entriesQuery(
    serverId: string,
    body: EntriesQueryBody,
    options: { lane: 'interactive' | 'background'; signal: AbortSignal },
  ) {
    const { value, offline: note } = await orOffline(
      offline,
      serverId,
      async () => (await api.clientFor(serverId)).entries.query(body, options),
      (library) => offlineQuery(library, serverId, body),
    )
    return { answer: value, note }
  }

  async function count(
    serverId: string,
    owner: Owner,
    query: JsonObject,
    signal: AbortSignal,
  ): Promise<{ total: number; offline?: OfflineNote }> {
    const { answer, note } = await entriesQuery(
      serverId,
      { owner, query, pagination: { page_size: 0 } },
      { lane: 'interactive', signal },
    )
    return { total: answer.pagination.total, ...withNote(note) }
  }

  async function page(request: PageRequest, signal: AbortSignal): Promise<EntriesPage> {
    const include = [...new Set([ENTRY_ID, ...request.columns])]
    const mapper = new RowMapper(request.columns)
    let size = limits.clamp(request.serverId, request.pageSize)
    const learned = limits.known(request.serverId)
    let notice: string | undefined =
      size < request.pageSize && learned !== undefined ? learnedPageSizeNotice(learned) : undefined
    for (;;) {
      try {
        const { answer, note } = await entriesQuery(
          request.serverId,
          {
            owner: request.owner,
            query: request.query,
            pagination: {
              page_size: size,
              ...(request.orderBy === null ? {} : { order_by: request.orderBy }),
              order: request.order,
              ...(request.after === null ? {} : { page_after_value: request.after }),
            },
            required: { include },
          },
          { lane: request.lane, signal },
        )
        return {
          total: answer.pagination.total,
          rows: answer.data.map((entry) => mapper.row(entry)),
          next: answer.pagination.next_page_after_value ?? null,
          pageSize: size,
          ...(notice === undefined ? {} : { notice }),
          ...withNote(note),
        }
      } catch (error) {
        if (error instanceof AppError && isResultWindowError(error, size))
          throw resultWindowError(error)
        if (!isPageSizeRefusal(error, size)) throw error
        const next = nextPageSize(size, error)
        if (next === undefined) throw error
        const named = namedPageSizeLimit(error)
        notice = pageSizeNotice(size, next, named)
        size = next
        limits.learn(request.serverId, size, named === size)
      }
    }
  }

  /** Terms aggregations in one request; buckets come back in the order of `requests`. */
  async function terms(
    serverId: string,
    owner: Owner,
    query: JsonObject,
    requests: FacetRequest[],
    signal: AbortSignal,
  ): Promise<{ total: number; buckets: Bucket[][]; offline?: OfflineNote }> {
    const aggregations: JsonObject = {}
    requests.forEach((facet, index) => {
      aggregations[`f${index}`] = {
        terms: {
          quantity: facet.quantity,
          ...(facet.size === undefined ? {} : { size: facet.size }),
          ...(facet.include === undefined ? {} : { include: facet.include }),
          exclude_from_search: facet.excludeFromSearch,
        },
      }
    })
    const { answer, note } = await entriesQuery(
      serverId,
      { owner, query, pagination: { page_size: 0 }, aggregations },
      { lane: 'interactive', signal },
    )
    const buckets = requests.map((_facet, index) =>
      (answer.aggregations?.[`f${index}`]?.terms?.data ?? []).map((b) => ({
        value: b.value,
        count: b.count,
      })),
    )
    return { total: answer.pagination.total, buckets, ...withNote(note) }
  }

  async function facets(
    serverId: string,
    owner: Owner,
    query: JsonObject,
    requests: FacetRequest[],
    signal: AbortSignal,
  ): Promise<{ total: number; facets: Record<string, Bucket[]>; offline?: OfflineNote }> {
    const { total, buckets, offline: note } = await terms(serverId, owner, query, requests, signal)
    const out: Record<string, Bucket[]> = {}
    requests.forEach((facet, index) => (out[facet.quantity] = buckets[index] ?? []))
    return { total, facets: out, ...withNote(note) }
  }

  async function entry(serverId: string, entryId: string, signal: AbortSignal) {
    const { data, note } = await whenUnreachable<{ data: JsonObject; note?: KeptNote }>(
      offline,
      async () => {
        const client = await api.clientFor(serverId)
        const answer = await client.entries.get(entryId, undefined, { lane: 'interactive', signal })
        const data = forDrawer(answer.data)
        remember(offline, serverId, entryId, 'entry', data)
        return { data }
      },
      (library) => {
        const pinned = library.entry(serverId, entryId)
        if (pinned !== undefined)
          return {
            data: forDrawer(pinned),
            note: { source: 'pinned', at: library.syncedAt(serverId) },
          }
        const cached = library.cached?.(serverId, entryId, 'entry')
        if (cached !== undefined)
          return { data: cached.value as JsonObject, note: { source: 'cached', at: cached.at } }
        if (library.pinned(serverId) === 0) return undefined
        throw new AppError(
          'network',
          `The server cannot be reached and entry ${entryId} is neither pinned nor recently viewed on this computer.`,
        )
      },
    )
    return { entry: data, ...(note === undefined ? {} : { offline: note }) }
  }

  /**
   * Author names containing the text. The API's terms `include` matches case-sensitively, so
   * the text is also tried with capitalised words ("ada lo" finds "Ada Lovelace"), in the same
   * request. Terms on authors.name count entries, which is what the researcher wants to see.
   */
  async function suggestAuthors(
    serverId: string,
    owner: Owner,
    text: string,
    signal: AbortSignal,
  ): Promise<{ names: Bucket[] }> {
    const variants = [...new Set([text, capitalise(text)])].filter(isIncludable)
    if (variants.length === 0) return suggestUsers(serverId, text, signal)
    const { buckets } = await terms(
      serverId,
      owner,
      {},
      variants.map((include) => ({
        quantity: 'authors.name',
        size: 10,
        include,
        excludeFromSearch: false,
      })),
      signal,
    )
    const byName = new Map<string, Bucket>()
    for (const bucket of buckets.flat()) byName.set(String(bucket.value), bucket)
    const names = [...byName.values()].sort((a, b) => b.count - a.count).slice(0, 10)
    return { names }
  }

  /** Names the terms filter cannot express (accents, apostrophes): the user directory. */
  async function suggestUsers(
    serverId: string,
    text: string,
    signal: AbortSignal,
  ): Promise<{ names: Bucket[] }> {
    const client = await api.clientFor(serverId)
    const answer = await client.users.list({ prefix: text }, { lane: 'interactive', signal })
    const names = [...new Set(answer.data.map((u) => u.name).filter((n): n is string => !!n))]
    return { names: names.slice(0, 10).map((value) => ({ value, count: 0 })) }
  }

  return { count, page, facets, entry, suggestAuthors }
}

export type SearchService = ReturnType<typeof createSearchService>

/** An entry's metadata without the large lists nobody reads in the drawer. */
function forDrawer(data: Record<string, unknown>): JsonObject {
  const { quantities: _q, sections: _s, section_defs: _d, search_quantities: _sq, ...rest } = data
  return rest as JsonObject
}

function capitalise(text: string): string {
  return text.replace(
    /(^|\s)(\p{Ll})/gu,
    (_m, space: string, ch: string) => space + ch.toUpperCase(),
  )
}

/** The server accepts only letters, digits, _, - and spaces in a terms include. */
function isIncludable(text: string): boolean {
  return /^[a-zA-Z0-9_\-\s]+$/.test(text)
}
