import { entries, type SearchBulkAction } from '../downloads/bulk-actions'
import type { StartPinApi } from './start-pin'

/** The offline feature's search bulk action: pin the selected entries or the whole search. */
export function pinBulkAction(api: StartPinApi): SearchBulkAction {
  return {
    id: 'pin-offline',
    label: 'Pin offline…',
    run: (target) =>
      api.open(
        target.kind === 'entries'
          ? {
              serverId: target.serverId,
              source: { kind: 'entries', entryIds: target.entryIds },
              label: entries(target.entryIds.length),
            }
          : {
              serverId: target.serverId,
              source: { kind: 'search', query: target.query, owner: target.owner },
              label: `Search of ${entries(target.count)}`,
            },
      ),
  }
}
