/**
 * Which results are selected: some rows by id, or the whole query ("all 12 345 results") minus
 * the rows unticked afterwards — as NOMAD's "select all" means the query, not the loaded rows.
 */
import type { JsonObject, Owner } from '../../../../shared/api'
import { formatCount } from '../model/format'

export type Selection =
  { mode: 'ids'; ids: ReadonlySet<string> } | { mode: 'all'; except: ReadonlySet<string> }

export const NO_SELECTION: Selection = { mode: 'ids', ids: new Set() }

export function isSelected(selection: Selection, id: string): boolean {
  return selection.mode === 'ids' ? selection.ids.has(id) : !selection.except.has(id)
}

export function toggle(selection: Selection, id: string): Selection {
  const flip = (set: ReadonlySet<string>) => {
    const next = new Set(set)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    return next
  }
  return selection.mode === 'ids'
    ? { mode: 'ids', ids: flip(selection.ids) }
    : { mode: 'all', except: flip(selection.except) }
}

export const selectAll = (): Selection => ({ mode: 'all', except: new Set() })

export function selectedCount(selection: Selection, total: number): number {
  return selection.mode === 'ids' ? selection.ids.size : Math.max(0, total - selection.except.size)
}

export function describeSelection(selection: Selection, total: number): string {
  const n = selectedCount(selection, total)
  if (selection.mode === 'all' && selection.except.size === 0)
    return `All ${formatCount(total)} results`
  return `${formatCount(n)} ${n === 1 ? 'entry' : 'entries'} selected`
}

/** What a bulk action (download, pin offline) receives: entry ids, or the query itself. */
export type BulkTarget =
  | { kind: 'entries'; serverId: string; entryIds: string[] }
  | { kind: 'query'; serverId: string; owner: Owner; query: JsonObject; count: number }

export function bulkTarget(
  selection: Selection,
  search: { serverId: string; owner: Owner; query: JsonObject; total: number },
): BulkTarget {
  if (selection.mode === 'ids')
    return { kind: 'entries', serverId: search.serverId, entryIds: [...selection.ids] }
  const except = [...selection.except]
  // Unticked rows become a "none" criterion, so the target stays one query however large.
  const query: JsonObject =
    except.length === 0 ? search.query : { and: [search.query, { entry_id: { none: except } }] }
  return {
    kind: 'query',
    serverId: search.serverId,
    owner: search.owner,
    query,
    count: selectedCount(selection, search.total),
  }
}
