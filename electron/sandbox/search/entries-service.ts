import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  DEFAULT_CATALOGUE,
  normalizeGetParams,
  normalizeQuery,
  type NormalizedQuery,
  type QuantityCatalogue,
} from '../../../shared/query'
import {
  parseRequired,
  QueryEngine,
  type IndexRange,
  type MetadataRequired,
  type SearchOutput,
  type SearchScope,
} from '../../../shared/query/engine'
import { callerOf } from '../auth/guards'
import type { EntryDoc } from '../data/model'
import { unprocessable } from '../http-error'
import type { DataContext } from '../server/data-context'
import { checkOwner, ownerFilter, OWNERS, viewerOf, type Owner, type Viewer } from './access'
import { docFieldNames, project } from './entry-output'
import { entrySource } from './entry-source'
import { pageUrls } from './page-urls'
import { parsePagination, type MetadataPagination, type PaginationInput } from './pagination'
import { knownWithoutNulls } from '../server/json'
import { allValues, intParam, lastValue, paramLists, type RawQuery } from './query-params'

/**
 * Entry searches as the entries router runs them: owner (default public) with its 401s, the
 * query normalised by shared/query, pagination, required, and the response layout with the
 * request echoed in normalised form. Matching, order and paging are shared/query's engine;
 * the owner filter becomes its candidates (the entry ranges of the uploads the caller may see).
 */

export interface SearchRequest {
  owner: Owner
  viewer: Viewer
  query: NormalizedQuery
  pagination: MetadataPagination
}

const ownerSchema = z.enum(OWNERS)

export class EntriesService {
  readonly catalogue: QuantityCatalogue = DEFAULT_CATALOGUE
  readonly engine: QueryEngine
  private readonly knownFields: ReadonlySet<string>

  constructor(readonly ctx: DataContext) {
    this.engine = new QueryEngine(entrySource(ctx.state.data), this.catalogue)
    this.knownFields = docFieldNames(ctx.state.data.docs[0])
  }

  get store() {
    return this.ctx.state.data
  }

  viewer(request: FastifyRequest): Viewer {
    return viewerOf(callerOf(request).user, this.ctx.state)
  }

  parseOwner(raw: unknown, where: 'body' | 'query', fallback: Owner = 'public'): Owner {
    if (raw === undefined || raw === null) return fallback
    const parsed = ownerSchema.safeParse(raw)
    if (parsed.success) return parsed.data
    throw unprocessable([
      {
        loc: [where, 'owner'],
        msg: `value is not a valid enumeration member; permitted: ${OWNERS.map((o) => `'${o}'`).join(', ')}`,
        type: 'type_error.enum',
        ctx: { enum_values: [...OWNERS] },
      },
    ])
  }

  /** owner, query and pagination of a POST body (MetadataPagination with `maxPageSize`). */
  parseBody(
    request: FastifyRequest,
    body: Record<string, unknown>,
    maxPageSize: number,
    fallbackOwner: Owner = 'public',
  ): SearchRequest {
    const owner = this.parseOwner(body.owner, 'body', fallbackOwner)
    const viewer = this.viewer(request)
    checkOwner(owner, viewer)
    const query = normalizeQuery(body.query, this.catalogue)
    const pagination = parsePagination(body.pagination, {
      where: 'body',
      maxPageSize,
      defaultOrderBy: 'entry_id',
      catalogue: this.catalogue,
    })
    return { owner, viewer, query, pagination }
  }

  /** The same from GET parameters (quantities, q, json_query, pagination fields). */
  parseParams(request: FastifyRequest, params: RawQuery, maxPageSize: number): SearchRequest {
    const owner = this.parseOwner(lastValue(params, 'owner'), 'query')
    const viewer = this.viewer(request)
    checkOwner(owner, viewer)
    const query = normalizeGetParams(paramLists(params), this.catalogue)
    const raw: PaginationInput = {
      page_size: intParam(params, 'page_size') ?? null,
      page: intParam(params, 'page') ?? null,
      page_offset: intParam(params, 'page_offset') ?? null,
      order_by: lastValue(params, 'order_by') ?? null,
      order: (lastValue(params, 'order') as 'asc' | 'desc' | undefined) ?? null,
      page_after_value: lastValue(params, 'page_after_value') ?? null,
    }
    const pagination = parsePagination(raw, {
      where: 'query',
      maxPageSize,
      defaultOrderBy: 'entry_id',
      catalogue: this.catalogue,
    })
    return { owner, viewer, query, pagination }
  }

  requiredFromBody(raw: unknown): MetadataRequired | undefined {
    return parseRequired(raw, this.catalogue, this.knownFields)
  }

  requiredFromParams(params: RawQuery): MetadataRequired | undefined {
    const include = allValues(params, 'include')
    const exclude = allValues(params, 'exclude')
    if (include.length === 0 && exclude.length === 0) return undefined
    return parseRequired(
      { ...(include.length ? { include } : {}), ...(exclude.length ? { exclude } : {}) },
      this.catalogue,
      this.knownFields,
    )
  }

  /** The entries `owner` lets the viewer see, as the engine's candidates (per upload). */
  scope(owner: Owner, viewer: Viewer): SearchScope {
    const groups = [...viewer.groups].sort().join(',')
    const allowed = ownerFilter(owner, viewer)
    const uploads = this.store.uploads
    const ranges = function* (): Generator<IndexRange> {
      for (const upload of uploads) {
        if (allowed(upload))
          yield { start: upload.entryStart, end: upload.entryStart + upload.entryCount }
      }
    }
    return {
      key: `${owner}|${viewer.user?.user_id ?? ''}|${groups}`,
      candidates: { kind: 'ranges', ranges: { [Symbol.iterator]: ranges } },
    }
  }

  run(search: SearchRequest): SearchOutput {
    return this.engine.search(
      search.query,
      this.scope(search.owner, search.viewer),
      search.pagination,
    )
  }

  /** The echoed pagination with total and next_page_after_value (and URLs for GET). */
  paginationResponse(
    search: SearchRequest,
    result: SearchOutput,
    request?: FastifyRequest,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = { ...search.pagination, total: result.total }
    if (result.nextPageAfterValue !== undefined)
      out.next_page_after_value = result.nextPageAfterValue
    if (request)
      Object.assign(out, pageUrls(request, search.pagination.page, result.nextPageAfterValue))
    return out
  }

  metadataResponse(
    search: SearchRequest,
    result: SearchOutput,
    required: MetadataRequired | undefined,
    request?: FastifyRequest,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {
      owner: search.owner,
      query: search.query,
      pagination: this.paginationResponse(search, result, request),
    }
    if (required) out.required = required
    // Entry documents never hold nulls (absent fields are undefined, which JSON drops).
    out.data = knownWithoutNulls(
      result.hits.map((i) =>
        project(this.store.docs[i] as EntryDoc, required, search.pagination.order_by),
      ),
    )
    return out
  }

  /** An entry by id if the viewer may see it under `owner` (all for metadata, visible for data). */
  entryIndex(entryId: string, viewer: Viewer, owner: Owner): number | undefined {
    const index = this.store.entryIndexOf(entryId)
    if (index === undefined) return undefined
    const upload = this.store.uploadOfEntry(index)
    return upload && ownerFilter(owner, viewer)(upload) ? index : undefined
  }
}

const services = new WeakMap<DataContext, EntriesService>()

/** One service per sandbox (its order indexes are caches worth sharing across routes). */
export function entriesService(ctx: DataContext): EntriesService {
  let service = services.get(ctx)
  if (!service) {
    service = new EntriesService(ctx)
    services.set(ctx, service)
  }
  return service
}
