import { AppError } from '../../../shared/errors'

/** Query values the client accepts; arrays repeat the parameter (`?owner=a&owner=b`). */
export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined
export type QueryParams = Record<string, QueryValue>

/**
 * `{baseUrl}{path}?{query}`. `path` starts with "/" and is below the API root; its segments
 * must already be encoded (use `segment()` for ids and file paths). Undefined values are left
 * out, booleans become "true"/"false" as FastAPI expects.
 */
export function buildUrl(baseUrl: string, path: string, query?: QueryParams): URL {
  if (!path.startsWith('/'))
    throw new AppError('internal', `API paths start with "/" (got "${path}").`)
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`)
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item))
    else url.searchParams.append(name, String(value))
  }
  return url
}

/** One path segment (an id from a server answer or the user), percent-encoded. */
export function segment(value: string): string {
  if (value === '' || value === '.' || value === '..')
    throw new AppError('invalid_input', `"${value}" is not a valid id.`)
  return encodeURIComponent(value)
}

/** A relative file path inside an upload: each segment encoded, "/" kept, no "..". */
export function filePath(path: string): string {
  const parts = path.split('/').filter((part) => part !== '')
  if (parts.some((part) => part === '..' || part === '.'))
    throw new AppError('invalid_input', `"${path}" is not a path inside the upload.`)
  return parts.map(encodeURIComponent).join('/')
}
