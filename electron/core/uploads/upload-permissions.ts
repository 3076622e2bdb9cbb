import type {
  UploadActions,
  UploadDetail,
  UploadSummary,
} from '../../../shared/ipc/channels/uploads'

/**
 * Which writing actions to offer, by the rules of NOMAD's uploads router
 * (`_get_upload_with_write_access` and each action's checks): writers are the main author and
 * the coauthors (a coauthor group's members too); a published upload can no longer be
 * reprocessed, renamed or deleted by them, only have its embargo lifted; deleting needs the
 * main author; publishing needs processed entries and no failed processing; while a process
 * runs the server refuses everything. The server decides in the end: a refusal is explained
 * where the action was tried.
 */
export function allowedActions(
  upload: UploadSummary,
  role: UploadDetail['myRole'],
  signedIn: boolean,
): UploadActions {
  const writer = signedIn && (role === 'main_author' || role === 'coauthor')
  const idle = !upload.processRunning
  const staging = writer && idle && !upload.published
  return {
    publish: staging && upload.entries > 0 && upload.processStatus !== 'FAILURE',
    reprocess: staging,
    liftEmbargo: writer && idle && upload.published && upload.withEmbargo,
    delete: staging && role === 'main_author',
    edit: staging,
  }
}
