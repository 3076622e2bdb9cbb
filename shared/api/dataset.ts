import { z } from 'zod'
import { simpleIndexPaginationResponse } from './common'
import { isoDateTime } from './dates'
import { jsonValue } from './json'

/**
 * A dataset, both as its own resource and as embedded in entry metadata (where it lacks
 * `query`/`entries`). `dataset_type` is "owned" or "foreign" today; kept a string so a new kind
 * does not make every entry that lists it unreadable.
 */
export const dataset = z.looseObject({
  dataset_id: z.string(),
  dataset_name: z.string(),
  user_id: z.string().optional(),
  doi: z.string().optional(),
  pid: z.string().optional(),
  dataset_create_time: isoDateTime.optional(),
  dataset_modified_time: isoDateTime.optional(),
  dataset_type: z.string().optional(),
  query: jsonValue.optional(),
  entries: z.array(z.string()).optional(),
})
export type Dataset = z.infer<typeof dataset>

/** GET /datasets/ */
export const datasetsResponse = z.looseObject({
  pagination: simpleIndexPaginationResponse,
  data: z.array(dataset),
})
export type DatasetsResponse = z.infer<typeof datasetsResponse>

/** GET /datasets/{id} */
export const datasetResponse = z.looseObject({ dataset_id: z.string(), data: dataset })
export type DatasetResponse = z.infer<typeof datasetResponse>
