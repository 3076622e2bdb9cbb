import { DAY_MS } from './time'
import type { UploadRecord } from './model'

/**
 * A second revision of the demo data, for tests of syncing an offline copy (docs/sandbox.md,
 * "Revised data"): started with `revised: true` (`--revised`), the same seed serves the data
 * "some time later". Seen anonymously (owner public or visible):
 * - new entries: the first staging upload of a single author (Paul's, index 7) is published;
 * - removed entries: the last public upload other than the first (the file-browser showcase)
 *   goes back to staging, so its entries leave public searches;
 * - changed entries: every entry whose index is a multiple of 5 gets a revised `comment`.
 * Ids and everything else stay as in the first revision, so an offline copy of revision 1
 * differs from revision 2 in exactly these entries.
 */

export interface RevisionTargets {
  /** Uploads whose publication changes (published / withdrawn), by index. */
  published: number | undefined
  withdrawn: number | undefined
}

export function revisionTargets(uploads: readonly UploadRecord[]): RevisionTargets {
  const staging = uploads.find((u) => !u.published && u.coauthors.length === 0 && u.index > 0)
  const publics = uploads.filter((u) => u.published && !u.with_embargo && u.index > 0)
  return { published: staging?.index, withdrawn: publics[publics.length - 1]?.index }
}

/** Applies the publication changes to the upload records (before their parts are built). */
export function reviseUploads(uploads: UploadRecord[]): RevisionTargets {
  const targets = revisionTargets(uploads)
  const publish = targets.published === undefined ? undefined : uploads[targets.published]
  if (publish) {
    publish.published = true
    publish.publishMs = publish.createMs + 30 * DAY_MS
  }
  const withdraw = targets.withdrawn === undefined ? undefined : uploads[targets.withdrawn]
  if (withdraw) {
    withdraw.published = false
    delete withdraw.publishMs
  }
  return targets
}

/** Whether the entry at `index` has a revised comment in the second revision. */
export const isRevisedEntry = (index: number) => index % 5 === 0

export function revisedComment(comment: string | undefined): string {
  return `${comment ?? 'Single point'} (revised)`
}
