import {
  entriesRawdirResponse,
  entryRawdirResponse,
  uploadRawdirResponse,
  type JsonValue,
  type Owner,
  type PaginationRequest,
} from '../../../../shared/api'
import { AppError } from '../../../../shared/errors'
import type { ApiRequester, RequestOptions, StreamConsumer } from '../api-requester'
import { filePath, segment, type QueryParams } from '../request-url'
import { requesterFor, type StreamingRequester } from './endpoint-requester'

/**
 * Which files of each entry folder go into a raw zip (the server's `Files` model).
 * `include_files` (file names) overrides `re_pattern` (regex on the full path), which overrides
 * `glob_pattern` (fnmatch on the path's end). `compress` deflates; the default stores.
 */
export interface RawFilesFilter {
  compress?: boolean
  glob_pattern?: string
  re_pattern?: string
  include_files?: string[]
}

/** POST /entries/raw/query and POST /entries/rawdir/query (`files` only for raw). */
export interface EntriesRawBody {
  owner?: Owner
  query?: JsonValue
  pagination?: PaginationRequest
  files?: RawFilesFilter
}

/**
 * GET /entries/raw and GET /entries/rawdir: owner, pagination and searchable quantities as
 * parameters (repeat a quantity for several values, `quantity__op` for ranges), plus the
 * filter fields of RawFilesFilter for the zip.
 */
export interface EntriesRawParams extends QueryParams {
  owner?: Owner
  json_query?: string
  compress?: boolean
  glob_pattern?: string
  re_pattern?: string
  include_files?: readonly string[]
}

/**
 * A byte range of a file: `offset` (default 0) and `length` (default: to the end).
 * `decompress` unpacks .gz/.xz files on the server before the range is cut.
 */
export interface FileRange {
  offset?: number
  length?: number
  decompress?: boolean
}

/** GET /uploads/{id}/raw/{path} for a file; `ignore_mime_type` forces octet-stream. */
export interface UploadFileRange extends FileRange {
  ignore_mime_type?: boolean
}

/**
 * The raw files of entries and uploads (`client.files`): folder listings as JSON, and files and
 * zips of them streamed to a consumer. Each file endpoint streams through `stream()`: `consume(body, head)` runs while the request holds its
 * scheduler slot, every chunk touches the body idle watchdog, and aborting `signal` cancels the
 * transfer. A retry calls `consume` again with a fresh body; a consumer that cannot start over
 * (it appends to a file) passes `maxAttempts: 1` and resumes with a range itself.
 *
 * Ranges are checked before anything is sent (invalid_input, as a rejection). Errors arrive
 * before the body: a query over more entries than the server's download limit
 * (50 000 on NOMAD) is a 400 that maps to limit_exceeded with the server's message.
 */
export class FileEndpoints {
  private readonly api: StreamingRequester

  constructor(requester: ApiRequester) {
    this.api = requesterFor(requester, 'metadata')
  }

  entryRawdir(entryId: string, o?: RequestOptions) {
    return this.api.requestJson('GET', `/entries/${segment(entryId)}/rawdir`, {
      ...o,
      schema: entryRawdirResponse,
    })
  }

  /** GET /entries/rawdir: the folders of a page of matching entries (query as parameters). */
  entriesRawdir(params: EntriesRawParams, o?: RequestOptions) {
    return this.api.requestJson('GET', '/entries/rawdir', {
      ...o,
      query: params,
      schema: entriesRawdirResponse,
    })
  }

  /** POST /entries/rawdir/query: page with `pagination.page_after_value`, as entries.query. */
  entriesRawdirQuery(body: Omit<EntriesRawBody, 'files'>, o?: RequestOptions) {
    return this.api.requestJson('POST', '/entries/rawdir/query', {
      ...o,
      json: body,
      schema: entriesRawdirResponse,
    })
  }

  /** GET /entries/raw: the folders of every matching entry as one zip, manifest.json at the root. */
  entriesRaw<T>(params: EntriesRawParams, consume: StreamConsumer<T>, o?: RequestOptions) {
    return this.api.stream('GET', '/entries/raw', { ...o, query: params }, consume)
  }

  /** POST /entries/raw/query: as entriesRaw, with the query as JSON (`pagination` is ignored). */
  entriesRawQuery<T>(body: EntriesRawBody, consume: StreamConsumer<T>, o?: RequestOptions) {
    return this.api.stream('POST', '/entries/raw/query', { ...o, json: body }, consume)
  }

  /** GET /entries/{id}/raw: the entry's folder as a zip (with manifest.json). */
  entryRaw<T>(
    entryId: string,
    files: RawFilesFilter,
    consume: StreamConsumer<T>,
    o?: RequestOptions,
  ) {
    return this.api.stream(
      'GET',
      `/entries/${segment(entryId)}/raw`,
      { ...o, query: { ...files } },
      consume,
    )
  }

  /**
   * GET /entries/{id}/raw/{name}: one file of the entry's folder, or `length` bytes of it from
   * `offset`. Only files directly in the folder: the route takes no "/" in the name.
   */
  async entryRawFile<T>(
    entryId: string,
    fileName: string,
    range: FileRange,
    consume: StreamConsumer<T>,
    o?: RequestOptions,
  ): Promise<T> {
    if (fileName.includes('/'))
      throw new AppError(
        'invalid_input',
        `"${fileName}" is not a file name: GET /entries/{id}/raw/{name} reaches only files directly in the entry's folder.`,
      )
    const path = `/entries/${segment(entryId)}/raw/${segment(fileName)}`
    return await this.api.stream('GET', path, { ...o, query: rangeParams(range, path) }, consume)
  }

  /** A directory page or a file's metadata; tell them apart with isRawdirDirectory. */
  uploadRawdir(uploadId: string, path: string, params?: QueryParams, o?: RequestOptions) {
    return this.api.requestJson('GET', `/uploads/${segment(uploadId)}/rawdir/${filePath(path)}`, {
      ...o,
      query: params,
      schema: uploadRawdirResponse,
    })
  }

  /** GET /uploads/{id}/raw/{path}: a file of an upload, or `length` bytes of it from `offset`. */
  async uploadRawFile<T>(
    uploadId: string,
    path: string,
    range: UploadFileRange,
    consume: StreamConsumer<T>,
    o?: RequestOptions,
  ): Promise<T> {
    const url = `/uploads/${segment(uploadId)}/raw/${filePath(path)}`
    const query = { ...rangeParams(range, url), ignore_mime_type: range.ignore_mime_type }
    return await this.api.stream('GET', url, { ...o, query }, consume)
  }

  /**
   * GET /uploads/{id}/raw/{path}?compress=true: a folder of an upload (recursively, paths
   * relative to it, no manifest) or a single file, as a zip. "" is the upload's root.
   */
  uploadRawZip<T>(
    uploadId: string,
    path: string,
    filter: Omit<RawFilesFilter, 'compress'>,
    consume: StreamConsumer<T>,
    o?: RequestOptions,
  ) {
    const url = `/uploads/${segment(uploadId)}/raw/${filePath(path)}`
    return this.api.stream('GET', url, { ...o, query: { ...filter, compress: true } }, consume)
  }

  /**
   * GET /uploads/{id}/raw: the prebuilt zip of a published upload, with its length announced.
   * An unpublished upload is a 400 (use uploadRawZip with "" instead).
   */
  uploadRaw<T>(uploadId: string, consume: StreamConsumer<T>, o?: RequestOptions) {
    return this.api.stream('GET', `/uploads/${segment(uploadId)}/raw`, { ...o }, consume)
  }
}

function wholeNumber(name: string, value: number | undefined, path: string): void {
  if (value === undefined || (Number.isSafeInteger(value) && value >= 0)) return
  throw new AppError(
    'invalid_input',
    `${name} must be a whole number of bytes, 0 or more (got ${value}) for GET ${path}.`,
  )
}

/** offset/length/decompress as the server takes them; checked here, so a bad range never goes out. */
function rangeParams(range: FileRange, path: string): QueryParams {
  wholeNumber('offset', range.offset, path)
  wholeNumber('length', range.length, path)
  return { offset: range.offset, length: range.length, decompress: range.decompress }
}
