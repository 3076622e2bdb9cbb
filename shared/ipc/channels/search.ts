import { z } from 'zod'
import { keptNoteSchema } from './offline-mode'
import { serverIdSchema as serverId, searchQuerySchema as query } from './fields'
import { jsonObject } from '../../api/json'
import { OWNERS } from '../../api/common'
import type { QuantityType } from '../../query/quantity'

/**
 * The search screen's channels: the quantity catalogue, counts, pages of entries, facet counts,
 * one entry, author suggestions, saved searches, history and the persisted search state.
 * Every call names its server, so caches and results never mix servers.
 */

const quantityName = z.string().min(1).max(300)
const owner = z.enum(OWNERS)
const scalar = z.union([z.string(), z.number(), z.boolean()])
const count = z.number().int().nonnegative()
const quantityType = z.enum([
  'str',
  'enum',
  'int',
  'float',
  'datetime',
  'bool',
  'text',
] as const satisfies readonly QuantityType[])

export const searchQuantitySchema = z.strictObject({
  name: z.string(),
  type: quantityType,
  many: z.boolean(),
  description: z.string(),
  unit: z.string().optional(),
  enumValues: z.array(z.string()).optional(),
  nestedPrefix: z.string().optional(),
  aggregatable: z.boolean(),
  sortable: z.boolean(),
})
export type SearchQuantityWire = z.infer<typeof searchQuantitySchema>

export const catalogueSchema = z.strictObject({
  serverId,
  /** 'server': from GET /info; 'fallback': the built-in list (the server said nothing usable). */
  source: z.enum(['server', 'fallback']),
  /** Why the fallback is used, in words for the researcher. */
  note: z.string().optional(),
  quantities: z.array(searchQuantitySchema),
})
export type CatalogueWire = z.infer<typeof catalogueSchema>

/** A table cell: the value(s) found at the column's path in the entry, unformatted. */
export const cellSchema = z.union([scalar, z.null(), z.array(scalar)])
export type Cell = z.infer<typeof cellSchema>

export const entryRowSchema = z.strictObject({
  id: z.string(),
  cells: z.record(z.string(), cellSchema),
})
export type EntryRow = z.infer<typeof entryRowSchema>

export const sortOrderSchema = z.enum(['asc', 'desc'])

const pageInput = z.strictObject({
  serverId,
  owner,
  query,
  /** Columns to return (quantity paths); entry_id is always included. */
  columns: z.array(quantityName).max(60),
  orderBy: quantityName.nullable(),
  order: sortOrderSchema,
  pageSize: z.number().int().min(1).max(10_000),
  /** The cursor of the page: null for the first page, else the previous page's `next`. */
  after: z.string().nullable(),
  /** 'background' for prefetching the next page while the researcher reads this one. */
  lane: z.enum(['interactive', 'background']),
})

/**
 * Set when the answer came from the offline library because the server could not be reached:
 * how many entries of the server are pinned, and when a pin of it was last synced.
 */
export const offlineNoteSchema = z.strictObject({
  entries: count,
  syncedAt: z.number().nullable(),
})
export type OfflineNote = z.infer<typeof offlineNoteSchema>

export const pageSchema = z.strictObject({
  total: count,
  rows: z.array(entryRowSchema),
  next: z.string().nullable(),
  /** The page size used; lower than asked when the server named a smaller limit. */
  pageSize: count,
  /** Set when the page size was lowered: "The server allows at most N results per page; …". */
  notice: z.string().optional(),
  offline: offlineNoteSchema.optional(),
})
export type EntriesPage = z.infer<typeof pageSchema>

const facetRequest = z.strictObject({
  quantity: quantityName,
  size: z.number().int().min(1).max(1000).optional(),
  /** Only values containing this text (author suggestions). */
  include: z.string().max(200).optional(),
  /** Count as if the query had no criterion on this quantity (how NOMAD counts "any" facets). */
  excludeFromSearch: z.boolean(),
})

export const bucketSchema = z.strictObject({ value: scalar, count })
export type Bucket = z.infer<typeof bucketSchema>

export const savedSearchStateSchema = z.strictObject({
  owner,
  query,
  columns: z.array(quantityName).max(60),
  orderBy: quantityName.nullable(),
  order: sortOrderSchema,
  pageSize: z.number().int().min(1).max(10_000),
  /** Display units picked per quantity (e.g. meV for a band gap). */
  units: z.record(z.string(), z.string()),
  /**
   * Column widths the researcher set (dragged or by keys), in pixels by quantity; columns
   * without one are fitted to their content. Optional: states saved before widths existed.
   */
  widths: z.record(quantityName, z.number().int().min(20).max(4000)).optional(),
})
export type SearchState = z.infer<typeof savedSearchStateSchema>

export const savedSearchSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  search: savedSearchStateSchema,
})
export type SavedSearch = z.infer<typeof savedSearchSchema>

export const historyItemSchema = z.strictObject({
  owner,
  query,
  at: z.number(),
  total: count.nullable(),
})
export type HistoryItem = z.infer<typeof historyItemSchema>

const savedName = z
  .string()
  .trim()
  .min(1, { error: 'Give the search a name.' })
  .max(120, { error: 'Names are at most 120 characters.' })

export const entryDetailSchema = z.strictObject({
  entry: jsonObject,
  /** Set when the details come from this computer (a pin or the recently viewed cache). */
  offline: keptNoteSchema.optional(),
})

export const searchChannels = {
  /** The searchable quantities of a server (GET /info, cached), or the built-in list. */
  'search.info': { input: z.strictObject({ serverId }), output: catalogueSchema },
  /** How many entries match (page_size 0, interactive lane); cancelled when superseded. */
  'search.count': {
    input: z.strictObject({ serverId, owner, query }),
    output: z.strictObject({ total: count, offline: offlineNoteSchema.optional() }),
  },
  /** One page of entries with the given columns. */
  'search.page': { input: pageInput, output: pageSchema },
  /** Terms counts per quantity for the builder's inputs (periodic table, programs …). */
  'search.aggregations': {
    input: z.strictObject({ serverId, owner, query, facets: z.array(facetRequest).max(40) }),
    output: z.strictObject({
      total: count,
      facets: z.record(z.string(), z.array(bucketSchema)),
      offline: offlineNoteSchema.optional(),
    }),
  },
  /** One entry's metadata for the drawer (GET /entries/{id}). */
  'search.entry': {
    input: z.strictObject({ serverId, entryId: z.string().min(1).max(200) }),
    output: entryDetailSchema,
  },
  /** Author names containing the text, with their entry counts. */
  'search.suggestAuthors': {
    input: z.strictObject({ serverId, owner, text: z.string().trim().min(1).max(100) }),
    output: z.strictObject({ names: z.array(bucketSchema) }),
  },
  'search.saved.list': {
    input: z.strictObject({ serverId }),
    output: z.array(savedSearchSchema),
  },
  /** Creates (no id) or updates (id) a saved search. */
  'search.saved.save': {
    input: z.strictObject({
      serverId,
      id: z.string().optional(),
      name: savedName,
      search: savedSearchStateSchema,
    }),
    output: savedSearchSchema,
  },
  'search.saved.remove': {
    input: z.strictObject({ serverId, id: z.string() }),
    output: z.array(savedSearchSchema),
  },
  'search.history.list': {
    input: z.strictObject({ serverId }),
    output: z.array(historyItemSchema),
  },
  /** Records a submitted search (most recent first; repeats move to the top). */
  'search.history.add': {
    input: z.strictObject({ serverId, owner, query, total: count.nullable() }),
    output: z.array(historyItemSchema),
  },
  'search.history.clear': {
    input: z.strictObject({ serverId }),
    output: z.array(historyItemSchema),
  },
  /** The search as last left on this server (null before the first search). */
  'search.state.get': {
    input: z.strictObject({ serverId }),
    output: savedSearchStateSchema.nullable(),
  },
  'search.state.set': {
    input: z.strictObject({ serverId, state: savedSearchStateSchema }),
    output: z.strictObject({ saved: z.literal(true) }),
  },
} as const

export const searchEvents = {} as const
