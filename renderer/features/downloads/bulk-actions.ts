import type { JsonObject, Owner } from '../../../shared/api'
import { DEFAULT_REQUIRED } from './plan-spec'
import type { StartDownloadApi } from './start-download'

/**
 * What the search screen hands a bulk action (its BulkTarget, repeated here structurally: a
 * feature does not import a screen).
 */
export type SearchTarget =
  | { kind: 'entries'; serverId: string; entryIds: string[] }
  | { kind: 'query'; serverId: string; owner: Owner; query: JsonObject; count: number }

export interface SearchBulkAction {
  id: string
  label: string
  run(target: SearchTarget): void
}

/** "1 entry", "1,234 entries": how the bulk actions' labels count a selection. */
export const entries = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'entry' : 'entries'}`

/**
 * The downloads feature's search bulk actions: raw files of the selection (the selected entries
 * or the whole query) and archive data of the query. The app registers them with the search
 * screen's hook registry.
 */
export function searchBulkActions(api: StartDownloadApi): SearchBulkAction[] {
  return [
    {
      id: 'download',
      label: 'Download raw files',
      run: (target) =>
        api.open(
          target.kind === 'entries'
            ? {
                serverId: target.serverId,
                source: { kind: 'entries', entryIds: target.entryIds },
                label: `Raw files of ${entries(target.entryIds.length)}`,
              }
            : {
                serverId: target.serverId,
                source: { kind: 'search', query: target.query, owner: target.owner },
                label: `Raw files of ${entries(target.count)} (search)`,
              },
        ),
    },
    {
      id: 'export-archive',
      label: 'Export archive data…',
      run: (target) =>
        api.open({
          serverId: target.serverId,
          source: {
            kind: 'archive',
            // Selected ids become a query, so one export path serves both kinds of selection.
            query:
              target.kind === 'entries' ? { entry_id: { any: target.entryIds } } : target.query,
            owner: target.kind === 'entries' ? 'visible' : target.owner,
            required: DEFAULT_REQUIRED,
            format: 'json-per-entry',
          },
          label: `Archive data of ${entries(target.kind === 'entries' ? target.entryIds.length : target.count)}`,
        }),
    },
  ]
}
