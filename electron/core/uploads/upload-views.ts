import type { Upload, UploadEntry } from '../../../shared/api'
import type {
  UploadEntryRow,
  UploadMember,
  UploadSummary,
} from '../../../shared/ipc/channels/uploads'

/** The server's upload record as the Uploads screen shows it (nulls for what is not said). */
export function toSummary(upload: Upload): UploadSummary {
  const people = new Set([
    ...(upload.main_author ? [upload.main_author] : []),
    ...(upload.coauthors ?? []),
    ...(upload.reviewers ?? []),
  ])
  const groups = new Set([...(upload.coauthor_groups ?? []), ...(upload.reviewer_groups ?? [])])
  return {
    uploadId: upload.upload_id,
    name: upload.upload_name ?? null,
    createTime: upload.upload_create_time ?? null,
    publishTime: upload.publish_time ?? null,
    processStatus: upload.process_status ?? null,
    processRunning: upload.process_running ?? false,
    lastStatusMessage: upload.last_status_message ?? null,
    published: upload.published ?? false,
    withEmbargo: upload.with_embargo ?? false,
    embargoLength: upload.embargo_length ?? 0,
    license: upload.license ?? null,
    entries: upload.entries ?? 0,
    memberCount: people.size,
    groupCount: groups.size,
  }
}

/** Member ids by role, in the order the upload page lists them; ids may repeat across roles. */
export function memberIds(upload: Upload): Omit<UploadMember, 'name' | 'affiliation'>[] {
  const users = (ids: string[] | null | undefined, role: UploadMember['role']) =>
    (ids ?? []).map((id) => ({ kind: 'user' as const, id, role }))
  const groups = (ids: string[] | null | undefined, role: UploadMember['role']) =>
    (ids ?? []).map((id) => ({ kind: 'group' as const, id, role }))
  return [
    ...users(upload.main_author ? [upload.main_author] : [], 'main_author'),
    ...users(upload.coauthors, 'coauthor'),
    ...groups(upload.coauthor_groups, 'coauthor'),
    ...users(upload.reviewers, 'reviewer'),
    ...groups(upload.reviewer_groups, 'reviewer'),
  ]
}

export function toEntryRow(entry: UploadEntry): UploadEntryRow {
  return {
    entryId: entry.entry_id,
    mainfile: entry.mainfile ?? null,
    parserName: entry.parser_name ?? null,
    processStatus: entry.process_status ?? null,
    createTime: entry.entry_create_time ?? null,
    formula: entry.entry_metadata?.results?.material?.chemical_formula_hill ?? null,
  }
}
