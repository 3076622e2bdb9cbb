import { z } from 'zod'
import { boundedJsonObject } from '../../api/json'
import { PROTOTYPE_KEYS, QUERY_MAX_DEPTH } from '../../api/json-bounds'

/** Input fields several domains' channels share, defined once so their rules cannot drift. */

export const serverIdSchema = z.string().min(1, { error: 'A server id is required.' }).max(100)

/**
 * A search query: a small JSON object. The caps keep a runaway paste from reaching the server,
 * and the depth is checked before any recursive schema runs (docs/query-language.md, Limits).
 */
export const searchQuerySchema = boundedJsonObject({
  maxDepth: QUERY_MAX_DEPTH,
  label: 'The query',
  forbiddenKeys: PROTOTYPE_KEYS,
}).refine((q) => JSON.stringify(q).length <= 100_000, {
  error: 'The query is larger than 100 000 characters.',
})

/** A path inside an upload, relative to its root, without "." or ".." parts; "" is the root. */
export const uploadPathSchema = z
  .string()
  .max(4096)
  .transform((path) => path.replace(/^\/+|\/+$/g, ''))
  .refine((path) => !path.split('/').some((part) => part === '..' || part === '.'), {
    error: 'The path must stay inside the upload (no "." or ".." parts).',
  })

/**
 * A full path on this computer (a file or a folder the user types): `/…`, a drive letter or a
 * UNC path. `what` names it in the messages ("file", "folder").
 */
export const fullPathSchema = (what: string, empty: string) =>
  z
    .string()
    .min(1, { error: empty })
    .max(4096)
    .refine((path) => /^([a-zA-Z]:[\\/]|\/|\\\\)/.test(path), {
      error: `Give the ${what} as a full path (starting with / or a drive letter).`,
    })
