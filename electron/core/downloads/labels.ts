import type { DownloadPlan, DownloadSource } from '../../../shared/ipc/channels/downloads'

/** The label a job gets when the user gave none. */
export function labelOf(source: DownloadSource, plan: Pick<DownloadPlan, 'entries'>): string {
  const entries = `${plan.entries} ${plan.entries === 1 ? 'entry' : 'entries'}`
  switch (source.kind) {
    case 'search':
      return `Raw files of a search (${entries})`
    case 'entries':
      return `Raw files of ${entries}`
    case 'upload':
      return `Upload ${source.uploadId}`
    case 'upload-paths':
      return source.paths.length === 1
        ? `${source.paths[0] || '/'} of upload ${source.uploadId}`
        : `${source.paths.length} items of upload ${source.uploadId}`
    case 'archive':
      return `Archive data of ${entries} (${source.format === 'jsonl' ? 'JSON Lines' : 'JSON per entry'})`
  }
}
