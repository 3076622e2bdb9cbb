/** "Copy as Python": the same search with the requests library, printing total and entry ids. */
import { pythonLiteral, pythonString } from './python-literal'
import { endpointUrl, requestBody, TOKEN_VARIABLE, type ExportRequest } from './request'

export function toPythonRequests(request: ExportRequest): string {
  const lines: string[] = []
  if (request.auth) lines.push('import os', '')
  lines.push('import requests', '')
  lines.push(
    `url = ${pythonString(endpointUrl(request.baseUrl, request.path ?? '/entries/query'))}`,
  )
  lines.push(`body = ${pythonLiteral(requestBody(request))}`)
  if (request.auth) {
    lines.push(
      `# Your token: export ${TOKEN_VARIABLE}=... (never paste it into the script)`,
      `headers = {'Authorization': f'Bearer {os.environ["${TOKEN_VARIABLE}"]}'}`,
    )
  }
  lines.push(
    '',
    `response = requests.post(url, json=body${request.auth ? ', headers=headers' : ''}, timeout=60)`,
    'response.raise_for_status()',
    'result = response.json()',
    "print(result['pagination']['total'], 'entries match')",
    "for entry in result['data']:",
    "    print(entry['entry_id'])",
  )
  return `${lines.join('\n')}\n`
}
