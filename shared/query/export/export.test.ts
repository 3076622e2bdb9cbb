import { describe, expect, it } from 'vitest'
import { toArchiveQuery } from './archive-query'
import { shellQuote, toCurl } from './curl'
import { pythonLiteral, pythonString } from './python-literal'
import { toPythonRequests } from './python-requests'
import { ownerNeedsAuth, type ExportRequest } from './request'

const request: ExportRequest = {
  baseUrl: 'http://127.0.0.1:8000/api/v1/',
  owner: 'visible',
  query: {
    'results.material.elements': { all: ['Ti', 'O'] },
    'results.properties.electronic.band_gap.value': { gt: 1.602176634e-19 },
    comment: 'it\'s "relaxed"\n',
    published: true,
  },
  pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc' },
  required: { include: ['entry_id', 'results.material.chemical_formula_hill'] },
  auth: false,
}

describe('copy as curl', () => {
  it('posts the exact JSON body, single-quoted for the shell', () => {
    const command = toCurl(request)
    expect(command.split('\n')[0]).toBe(
      "curl -sS --retry 3 -X POST 'http://127.0.0.1:8000/api/v1/entries/query' \\",
    )
    expect(command).toContain("-H 'Content-Type: application/json'")
    expect(command).not.toContain('Authorization')
    const body = /-d '((?:[^']|'\\'')*)'$/.exec(command)?.[1]
    expect(JSON.parse((body ?? '').replace(/'\\''/g, "'"))).toEqual({
      owner: 'visible',
      query: request.query,
      pagination: request.pagination,
      required: request.required,
    })
    expect(shellQuote("it's")).toBe("'it'\\''s'")
  })

  it('writes a token placeholder, never a value, when the request needs sign-in', () => {
    const command = toCurl({ ...request, owner: 'user', auth: true })
    expect(command).toContain('-H "Authorization: Bearer $NOMAD_TOKEN"')
  })
})

describe('copy as Python', () => {
  it('prints JSON as Python literals', () => {
    expect(pythonLiteral({ a: [true, false, null], b: 1e-19, c: 'x' })).toBe(
      "{'a': [True, False, None], 'b': 1e-19, 'c': 'x'}",
    )
    expect(pythonString('it\'s \\ "q"\n\t\u0001é')).toBe("'it\\'s \\\\ \"q\"\\n\\t\\x01é'")
    // Long containers break one item per line, indented like black.
    expect(pythonLiteral({ list: Array.from({ length: 30 }, (_, i) => i) }, 0, 40)).toBe(
      `{\n    'list': [\n${Array.from({ length: 30 }, (_, i) => `        ${i},`).join('\n')}\n    ],\n}`,
    )
  })

  it('requests: posts the body and prints the total; token from the environment only with auth', () => {
    const code = toPythonRequests(request)
    expect(code).toContain("url = 'http://127.0.0.1:8000/api/v1/entries/query'")
    expect(code).toContain("'owner': 'visible'")
    expect(code).toContain("'comment': 'it\\'s \"relaxed\"\\n'")
    expect(code).toContain("'published': True")
    expect(code).toContain('response = requests.post(url, json=body, timeout=60)')
    expect(code).not.toContain('os.environ')
    const authed = toPythonRequests({ ...request, auth: true })
    expect(authed).toContain(`headers = {'Authorization': f'Bearer {os.environ["NOMAD_TOKEN"]}'}`)
    expect(authed).toContain('json=body, headers=headers')
  })

  it('ArchiveQuery: url, query, required and owner; credentials from the environment', () => {
    const code = toArchiveQuery(request, { archiveRequired: { results: { material: '*' } } })
    expect(code).toContain('from nomad.client import ArchiveQuery')
    expect(code).toContain("    url='http://127.0.0.1:8000/api/v1',")
    expect(code).toContain("    required={'results': {'material': '*'}},")
    expect(code).toContain("    owner='visible',")
    expect(code).toMatch(
      / {4}query=\{\n {8}'results\.material\.elements': \{'all': \['Ti', 'O'\]\},/,
    )
    expect(code).not.toContain('password')
    const authed = toArchiveQuery({ ...request, owner: 'shared', auth: true })
    expect(authed).toContain("    username=os.environ['NOMAD_USERNAME'],")
    expect(authed).toContain("    required='*',")
  })

  it('knows which owners need sign-in', () => {
    expect(['public', 'visible', 'all'].map(ownerNeedsAuth)).toEqual([false, false, false])
    expect(['user', 'shared', 'staging', 'admin'].map(ownerNeedsAuth)).toEqual([
      true,
      true,
      true,
      true,
    ])
  })
})
