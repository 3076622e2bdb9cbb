/** "Copy as curl": a POSIX shell command that runs the same search. */
import { endpointUrl, requestBody, TOKEN_VARIABLE, type ExportRequest } from './request'

/** Single-quotes a word for sh: only `'` needs care ('\'' closes, escapes and reopens). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

export function toCurl(request: ExportRequest): string {
  const lines = [
    // --retry: NOMAD answers 503 when a client exceeds its rate limit; curl then waits (1 s,
    // 2 s, 4 s) and tries again instead of printing the proxy's HTML page.
    `curl -sS --retry 3 -X POST ${shellQuote(endpointUrl(request.baseUrl, request.path ?? '/entries/query'))}`,
    `-H 'Content-Type: application/json'`,
  ]
  // Double quotes so the shell expands the variable; the token itself is never written here.
  if (request.auth) lines.push(`-H "Authorization: Bearer $${TOKEN_VARIABLE}"`)
  lines.push(`-d ${shellQuote(JSON.stringify(requestBody(request)))}`)
  return lines.join(' \\\n  ')
}
