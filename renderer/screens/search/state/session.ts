/**
 * One server's search session: what the builder shows, the search that was last submitted (what
 * the table shows), columns, sort and page size. Pure data and functions; the store and the
 * hooks around it live next door.
 */
import type { JsonObject, Owner } from '../../../../shared/api'
import type { SearchState } from '../../../../shared/ipc/channels/search'
import type { QuantityCatalogue } from '../../../../shared/query'
import { emptyModel, fromQuery, toQuery, unitHints, type BuilderModel } from '../model'

export interface SubmittedSearch {
  owner: Owner
  query: JsonObject
}

export interface SearchSession {
  model: BuilderModel
  owner: Owner
  submitted: SubmittedSearch
  columns: string[]
  /** Column widths the researcher set, by quantity (the others fit their content). */
  widths: Record<string, number>
  orderBy: string | null
  order: 'asc' | 'desc'
  pageSize: number
}

export const DEFAULT_COLUMNS = [
  'results.material.chemical_formula_hill',
  'results.method.simulation.program_name',
  'results.method.method_name',
  'results.material.symmetry.crystal_system',
  'upload_create_time',
  'authors.name',
]
export const DEFAULT_OWNER: Owner = 'visible'
export const DEFAULT_PAGE_SIZE = 100
export const PAGE_SIZES = [25, 50, 100, 200, 500, 1000]

export function newSession(): SearchSession {
  return {
    model: emptyModel(),
    owner: DEFAULT_OWNER,
    submitted: { owner: DEFAULT_OWNER, query: {} },
    columns: [...DEFAULT_COLUMNS],
    widths: {},
    orderBy: 'upload_create_time',
    order: 'desc',
    pageSize: DEFAULT_PAGE_SIZE,
  }
}

/** A session from what was persisted (the submitted search is the restored query). */
export function sessionFromState(state: SearchState, catalogue: QuantityCatalogue): SearchSession {
  const columns = state.columns.filter((c) => catalogue.has(c))
  return {
    model: fromQuery(state.query, catalogue, { unitHints: state.units }),
    owner: state.owner,
    submitted: { owner: state.owner, query: state.query },
    columns: columns.length > 0 ? columns : [...DEFAULT_COLUMNS],
    widths: state.widths ?? {},
    orderBy:
      state.orderBy !== null && catalogue.get(state.orderBy)?.sortable ? state.orderBy : null,
    order: state.order,
    pageSize: state.pageSize,
  }
}

/** What is persisted (and saved as a "saved search"): the builder's query, not its ids. */
export function stateFromSession(session: SearchSession): SearchState {
  return {
    owner: session.owner,
    query: toQuery(session.model),
    columns: session.columns,
    ...(Object.keys(session.widths).length > 0 ? { widths: session.widths } : {}),
    orderBy: session.orderBy,
    order: session.order,
    pageSize: session.pageSize,
    units: unitHints(session.model),
  }
}

/** Submits what the builder shows. */
export function submit(session: SearchSession): SearchSession {
  return { ...session, submitted: { owner: session.owner, query: toQuery(session.model) } }
}

export function isDirty(session: SearchSession): boolean {
  return (
    session.owner !== session.submitted.owner ||
    JSON.stringify(toQuery(session.model)) !== JSON.stringify(session.submitted.query)
  )
}
