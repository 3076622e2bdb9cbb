/** "Copy as curl": a POSIX shell command that runs the same search. */
import { endpointUrl, requestBody, TOKEN_VARIABLE, type ExportRequest } from './request'

/** Single-quotes a word for sh: only `'` needs care ('\'' closes, escapes and reopens). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

export function toCurl(request: ExportRequest): string {
  const lines = [
    `curl -sS -X POST ${shellQuote(endpointUrl(request.baseUrl, '/entries/query'))}`,
    `-H 'Content-Type: application/json'`,
  ]
  // Double quotes so the shell expands the variable; the token itself is never written here.
  if (request.auth) lines.push(`-H "Authorization: Bearer $${TOKEN_VARIABLE}"`)
  lines.push(`-d ${shellQuote(JSON.stringify(requestBody(request)))}`)
  return lines.join(' \\\n  ')
}
