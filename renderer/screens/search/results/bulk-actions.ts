/**
 * Extension point for actions on a selection of results. The downloads and offline features
 * register theirs here (`registerBulkAction`); until they do, the toolbar shows the button
 * disabled with a sentence that says where the feature will come from.
 */
import type { BulkTarget } from './selection'

export interface BulkAction {
  id: 'download' | 'export-archive' | 'pin-offline' | (string & {})
  /** Replaces the hook's own label on the button once registered. */
  label: string
  run(target: BulkTarget): void | Promise<void>
}

/** The hooks the search screen offers, in toolbar order, with what to say while unregistered. */
export const BULK_HOOKS = [
  {
    id: 'download',
    label: 'Download',
    pending: 'Bulk downloads come with the Downloads section (raw files and archives, resumable).',
  },
  {
    id: 'export-archive',
    label: 'Export archive data',
    pending:
      'Archive exports come with the Downloads section (one JSON file per entry, resumable).',
  },
  {
    id: 'pin-offline',
    label: 'Pin offline',
    pending: 'Pinning for offline use comes with the Offline section.',
  },
] as const

const registered = new Map<string, BulkAction>()
const listeners = new Set<() => void>()

export function registerBulkAction(action: BulkAction): () => void {
  registered.set(action.id, action)
  listeners.forEach((l) => l())
  return () => {
    if (registered.get(action.id) === action) registered.delete(action.id)
    listeners.forEach((l) => l())
  }
}

export function bulkAction(id: string): BulkAction | undefined {
  return registered.get(id)
}

export function subscribeBulkActions(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
