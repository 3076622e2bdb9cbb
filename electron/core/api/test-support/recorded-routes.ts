import type { z } from 'zod'
import {
  archiveQueryResponse,
  archiveResponse,
  datasetsResponse,
  entriesQueryResponse,
  entryResponse,
  errorBody,
  groupsResponse,
  suggestionsResponse,
  uploadEditResponse,
  uploadEntriesResponse,
  uploadRawdirResponse,
  uploadResponse,
  uploadsResponse,
  usersResponse,
} from '../../../../shared/api'

// Which schema covers which recorded endpoint. Rows are tried in order; the first whose method,
// path pattern and status match wins. A recorded endpoint that matches no row makes the
// recordings test fail, so a new endpoint cannot be ignored silently.

interface RowBase {
  method: string
  /** Path below the API root; `{name}` is one segment, `{path}` any rest (also empty). */
  path: string
  /** An exact status, or 'error' for every status from 400 up. */
  status: number | 'error'
}
export interface CoveredRow extends RowBase {
  kind: 'covered'
  schema: z.ZodType
  schemaName: string
}
export interface SkippedRow extends RowBase {
  kind: 'skipped'
  reason: string
}
export interface UncoveredRow extends RowBase {
  kind: 'uncovered'
  reason: string
}
export type RouteRow = CoveredRow | SkippedRow | UncoveredRow

function covered(
  method: string,
  path: string,
  status: number | 'error',
  schemaName: string,
  schema: z.ZodType,
): CoveredRow {
  return { kind: 'covered', method, path, status, schema, schemaName }
}

export const ROUTES: readonly RouteRow[] = [
  // Any failure, whatever the endpoint: {detail: text}, the 422 list, or the 500 dict.
  covered('*', '{path}', 'error', 'errorBody', errorBody),
  covered('POST', '/entries/query', 200, 'entriesQueryResponse', entriesQueryResponse),
  covered('POST', '/entries/archive/query', 200, 'archiveQueryResponse', archiveQueryResponse),
  covered('GET', '/entries/{entry_id}', 200, 'entryResponse', entryResponse),
  covered('POST', '/entries/{entry_id}/archive/query', 200, 'archiveResponse', archiveResponse),
  covered('GET', '/uploads', 200, 'uploadsResponse', uploadsResponse),
  {
    kind: 'uncovered',
    method: 'GET',
    path: '/uploads/command-examples',
    status: 200,
    reason: 'shell snippets for uploading from a terminal; the app uploads through the API',
  },
  covered('GET', '/uploads/{upload_id}', 200, 'uploadResponse', uploadResponse),
  covered(
    'GET',
    '/uploads/{upload_id}/entries',
    200,
    'uploadEntriesResponse',
    uploadEntriesResponse,
  ),
  covered(
    'GET',
    '/uploads/{upload_id}/rawdir/{path}',
    200,
    'uploadRawdirResponse',
    uploadRawdirResponse,
  ),
  {
    kind: 'skipped',
    method: 'GET',
    path: '/uploads/{upload_id}/raw/{path}',
    status: 200,
    reason: 'raw file content (bytes, or the JSON of an uploaded file), not an API model',
  },
  // The upload write endpoints answer with the upload's new state, the GET /uploads/{id} shape.
  // The edit has its own name (client.uploads.edit decodes with it) so its recorded answers,
  // which keep null keys and report PENDING, get corruption samples of their own.
  covered('POST', '/uploads/{upload_id}/edit', 200, 'uploadEditResponse', uploadEditResponse),
  covered('POST', '/uploads/{upload_id}/action/{action}', 200, 'uploadResponse', uploadResponse),
  covered('PUT', '/uploads/{upload_id}/raw/{path}', 200, 'uploadResponse', uploadResponse),
  covered('DELETE', '/uploads/{upload_id}/raw/{path}', 200, 'uploadResponse', uploadResponse),
  covered('GET', '/users', 200, 'usersResponse', usersResponse),
  covered('GET', '/groups', 200, 'groupsResponse', groupsResponse),
  covered('GET', '/datasets/', 200, 'datasetsResponse', datasetsResponse),
  covered('POST', '/suggestions', 200, 'suggestionsResponse', suggestionsResponse),
  {
    kind: 'uncovered',
    method: 'POST',
    path: '/materials/query',
    status: 200,
    reason: 'materials search; the app searches entries only and has no materials model',
  },
]

/** "POST /entries/query 200", "* {path} 4xx/5xx": how rows are named in test titles. */
export function rowKey(row: RouteRow): string {
  return `${row.method} ${row.path} ${row.status === 'error' ? '4xx/5xx' : row.status}`
}

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\{[a-z_]+\})/)
    .map((part) => {
      if (part === '{path}') return '.*'
      if (/^\{[a-z_]+\}$/.test(part)) return '[^/]+'
      return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${source}$`)
}

const compiled = ROUTES.map((row) => ({ row, regExp: patternToRegExp(row.path) }))

/** The first row that covers a recorded method, path and status, if any. */
export function findRow(method: string, path: string, status: number): RouteRow | undefined {
  return compiled.find(
    ({ row, regExp }) =>
      (row.method === '*' || row.method === method) &&
      (row.status === 'error' ? status >= 400 : row.status === status) &&
      regExp.test(path),
  )?.row
}
