import type { DatasetRecord, UploadRecord, UserRef } from './records'
import { esTime } from './time'

/**
 * Upload-level fields every entry document of an upload carries (authors, viewers, datasets,
 * times). One shared object per upload; rebuilt after a membership edit.
 */

export interface UploadPart {
  upload_id: string
  upload_name: string
  upload_create_time: string
  main_author: UserRef
  authors: UserRef[]
  writers: UserRef[]
  writer_groups: string[]
  viewers: UserRef[]
  viewer_groups: string[]
  datasets: Record<string, unknown>[]
  published: boolean
  publish_time?: string
  with_embargo: boolean
  origin: string
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)]
}

/** The upload-level fields every entry of the upload carries. */
export function uploadPart(
  upload: UploadRecord,
  datasets: readonly DatasetRecord[],
  nameOf: (userId: string) => string,
): UploadPart {
  const ref = (userId: string): UserRef => ({ user_id: userId, name: nameOf(userId) })
  const writers = unique([upload.main_author, ...upload.coauthors])
  const part: UploadPart = {
    upload_id: upload.upload_id,
    upload_name: upload.upload_name,
    upload_create_time: esTime(upload.createMs),
    main_author: ref(upload.main_author),
    authors: writers.map(ref),
    writers: writers.map(ref),
    writer_groups: unique(upload.coauthor_groups),
    viewers: unique([...writers, ...upload.reviewers]).map(ref),
    viewer_groups: unique([...upload.coauthor_groups, ...upload.reviewer_groups]),
    datasets: upload.datasetIndices.flatMap((i) => {
      const d = datasets[i]
      if (!d) return []
      const out: Record<string, unknown> = {
        dataset_id: d.dataset_id,
        dataset_name: d.dataset_name,
        dataset_create_time: `${d.dataset_create_time}+00:00`,
        dataset_modified_time: `${d.dataset_modified_time}+00:00`,
        dataset_type: d.dataset_type,
      }
      if (d.doi) out.doi = d.doi
      return [out]
    }),
    published: upload.published,
    with_embargo: upload.with_embargo,
    origin: nameOf(upload.main_author),
  }
  if (upload.publishMs !== undefined) part.publish_time = esTime(upload.publishMs)
  return part
}
