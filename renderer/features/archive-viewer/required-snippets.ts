import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { buildRequired, type RequiredValue } from '../../../shared/archive/required'
import { tickAt } from '../../../shared/archive/required-ticks'
import { toArchiveQuery, toCurl, toPythonRequests } from '../../../shared/query/export'

/**
 * The `required` that asks the archive API for exactly one place (`run[0].calculation[-1]`
 * becomes `{"run[0]": {"calculation[-1]": "*"}}`), and the request as code to copy. Snippets
 * never carry a token: public entries need none; for private ones the search's "Copy as"
 * explains the NOMAD_TOKEN variable.
 */
export function requiredForPlace(path: ArchivePath): RequiredValue {
  const tick = tickAt(path)
  return buildRequired(tick ? [tick] : [{ steps: [], directive: '*' }])
}

export type SnippetFormat = 'python' | 'curl' | 'archive-query'

export function requiredSnippet(
  format: SnippetFormat,
  baseUrl: string,
  entryId: string,
  required: RequiredValue,
): string {
  const request = {
    baseUrl,
    owner: 'visible',
    query: { entry_id: entryId },
    required: typeof required === 'string' ? undefined : required,
    auth: false,
    path: '/entries/archive/query',
  }
  if (format === 'curl') return toCurl(request)
  if (format === 'python') return toPythonRequests(request)
  return toArchiveQuery(request, { archiveRequired: required })
}
