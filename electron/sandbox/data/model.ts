/**
 * The generated data set's types in one import: the records (records.ts) and the entry search
 * document (stored-doc.ts). Kept apart from records.ts because stored-doc's parts import the
 * records: a records module that also re-exported the document would close an import cycle.
 */
export type { DatasetRecord, EntryMeta, UploadProcess, UploadRecord, UserRef } from './records'
export type { StoredEntryDoc as EntryDoc } from './stored-doc'
