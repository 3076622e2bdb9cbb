/**
 * Extension point for the entry drawer: the archive viewer and the uploads file browser
 * register "open archive" and "open upload files" here (entry-viewers.tsx, mounted with the
 * results). An action nobody registered is shown disabled with a sentence that says why.
 */
export interface EntryRef {
  serverId: string
  entryId: string
  uploadId: string | undefined
  mainfile: string | undefined
  /** How the drawer names the entry (its formula), for the viewers' titles. */
  title?: string
  uploadName?: string
}

export interface EntryAction {
  id: 'open-archive' | 'open-upload-files' | (string & {})
  run(entry: EntryRef): void
}

export const ENTRY_HOOKS = [
  {
    id: 'open-archive',
    label: 'Open archive',
    pending: 'The archive tree viewer registers this action when it is available.',
  },
  {
    id: 'open-upload-files',
    label: 'Open upload files',
    pending: 'The Uploads file browser registers this action when it is available.',
  },
] as const

const registered = new Map<string, EntryAction>()

export function registerEntryAction(action: EntryAction): () => void {
  registered.set(action.id, action)
  return () => {
    if (registered.get(action.id) === action) registered.delete(action.id)
  }
}

export function entryAction(id: string): EntryAction | undefined {
  return registered.get(id)
}
