import type { EntryDoc, UploadRecord } from '../data/model'
import { mongoTime } from '../data/time'
import { fullDoc } from './entry-output'
import { processFields } from './upload-process'

/**
 * Upload and entry processing records as the uploads router returns them (UploadProcData,
 * EntryProcData; MongoDB-style naive datetimes, nulls omitted).
 */
function unique(ids: string[]): string[] {
  return [...new Set(ids)]
}

/** The upload record at time `now` (its processing state depends on it). */
export function uploadView(upload: UploadRecord, now: number): Record<string, unknown> {
  const writers = unique([upload.main_author, ...upload.coauthors])
  const { complete_time, ...process } = processFields(upload, now)
  const view: Record<string, unknown> = {
    ...process,
    errors: [],
    warnings: [],
    complete_time,
    upload_id: upload.upload_id,
    upload_name: upload.upload_name,
    upload_create_time: mongoTime(upload.createMs),
    main_author: upload.main_author,
    coauthors: upload.coauthors,
    coauthor_groups: upload.coauthor_groups,
    reviewers: upload.reviewers,
    reviewer_groups: upload.reviewer_groups,
    writers,
    writer_groups: unique(upload.coauthor_groups),
    viewers: unique([...writers, ...upload.reviewers]),
    viewer_groups: unique([...upload.coauthor_groups, ...upload.reviewer_groups]),
    published: upload.published,
    published_to: [],
    publish_time: upload.publishMs === undefined ? undefined : mongoTime(upload.publishMs),
    with_embargo: upload.with_embargo,
    embargo_length: upload.embargo_length,
    license: upload.license,
    entries: upload.entryCount,
  }
  if (!upload.published) {
    view.upload_files_server_path = `/nomad/fs/staging/${upload.upload_id.slice(0, 2)}/${upload.upload_id}`
  }
  return view
}

export function entryProcView(doc: EntryDoc): Record<string, unknown> {
  return {
    process_running: false,
    current_process: 'process_entry',
    process_status: 'SUCCESS',
    last_status_message: 'Process process_entry completed successfully',
    errors: [],
    warnings: [],
    complete_time: doc.last_processing_time.replace('+00:00', ''),
    entry_id: doc.entry_id,
    entry_create_time: doc.entry_create_time.replace('+00:00', ''),
    mainfile: doc.mainfile,
    upload_id: doc.upload_id,
    parser_name: doc.parser_name,
    entry_metadata: fullDoc(doc),
  }
}
