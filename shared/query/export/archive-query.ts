/**
 * "Copy as ArchiveQuery": the nomad-lab Python client's form of the search, which pages through
 * the matching entries and downloads their archives (`required` trims each archive).
 * ArchiveQuery signs in with username and password, read from the environment here.
 */
import type { JsonValue } from '../../api/json'
import { pythonLiteral, pythonString } from './python-literal'
import type { ExportRequest } from './request'

export interface ArchiveQueryOptions {
  /** The archive parts to download; '*' (everything) when not given. */
  archiveRequired?: JsonValue
  /** How many entries to fetch at most (ArchiveQuery's results_max). */
  resultsMax?: number
}

export function toArchiveQuery(request: ExportRequest, options: ArchiveQueryOptions = {}): string {
  const args: string[] = [
    `url=${pythonString(request.baseUrl.replace(/\/+$/, ''))}`,
    `query=${pythonLiteral(request.query, 4)}`,
    `required=${pythonLiteral(options.archiveRequired ?? '*', 4)}`,
    `owner=${pythonString(request.owner)}`,
  ]
  if (options.resultsMax !== undefined) args.push(`results_max=${options.resultsMax}`)
  if (request.auth)
    args.push("username=os.environ['NOMAD_USERNAME']", "password=os.environ['NOMAD_PASSWORD']")
  const lines: string[] = []
  if (request.auth) lines.push('import os', '')
  lines.push(
    'from nomad.client import ArchiveQuery',
    '',
    'query = ArchiveQuery(',
    ...args.map((a) => `    ${a},`),
    ')',
    'print(query.fetch(), "entries found")',
    'archives = query.download()',
  )
  return `${lines.join('\n')}\n`
}
