import { describe, expect, it } from 'vitest'
import { describeErrorBody, extractMissingScopes, formatLoc } from './error-body'

describe('describeErrorBody', () => {
  it.each([
    [401, 'Authentication required.'],
    [401, 'You need to log in to access the specified upload.'],
    [403, 'You are not authorized to access this Oasis'],
    [404, 'The entry with the given id does not exist or is not visible to you.'],
    [400, 'Page out of range requested.'],
    [409, 'The provided hash did not match the current file.'],
  ])('passes a %i detail string through verbatim', (_status, detail) => {
    expect(describeErrorBody({ detail })).toEqual({ detail })
  })

  it('joins a multi-line detail into one line', () => {
    const detail =
      'The owner=all is not allowed for this operation as it will search for entries\nthat you might now be allowed to access.'
    expect(describeErrorBody({ detail }).detail).toBe(
      'The owner=all is not allowed for this operation as it will search for entries that you might now be allowed to access.',
    )
  })

  it('turns a 422 list into "field: message" without the body/query prefix', () => {
    const item = {
      loc: ['body', 'pagination', 'page_size'],
      msg: 'ensure this value is less than or equal to 1000',
      type: 'value_error.number.not_le',
      ctx: { limit_value: 1000 },
    }
    expect(describeErrorBody({ detail: [item] })).toEqual({
      detail: 'pagination.page_size: ensure this value is less than or equal to 1000',
      items: [item],
    })
    const query = {
      loc: ['query', 'expires_in'],
      msg: 'ensure this value is less than or equal to 2592000',
    }
    expect(describeErrorBody({ detail: [query] }).detail).toBe(
      'expires_in: ensure this value is less than or equal to 2592000',
    )
  })

  it('flattens the doubly nested loc of search-level validation', () => {
    const body = {
      detail: [
        {
          loc: [['pagination', 'order_by']],
          msg: 'foo is not a doc quantity',
          type: 'value_error.exception',
        },
        {
          loc: [['optimade_filter']],
          msg: 'Could not parse optimade filter: Syntax error.\nLark traceback: \n^',
        },
      ],
    }
    expect(describeErrorBody(body).detail).toBe(
      'pagination.order_by: foo is not a doc quantity; optimade_filter: Could not parse optimade filter: Syntax error. Lark traceback: ^',
    )
  })

  it('keeps root-validator messages without a field and shows at most three items', () => {
    const root = {
      loc: ['body', 'pagination', '__root__'],
      msg: 'Can only specify one `page_offset`, `page`, or `page_after_value',
      type: 'assertion_error',
    }
    expect(describeErrorBody({ detail: [root] }).detail).toBe(
      'pagination: Can only specify one `page_offset`, `page`, or `page_after_value',
    )
    const many = ['a', 'b', 'c', 'd', 'e'].map((field) => ({
      loc: ['body', field],
      msg: 'field required',
    }))
    expect(describeErrorBody({ detail: many }).detail).toBe(
      'a: field required; b: field required; c: field required (and 2 more)',
    )
  })

  it('summarises the 500 exception dict without the traceback', () => {
    const body = {
      detail: {
        reason: 'Unexpected exception while handling your request',
        exception: "KeyError('x')",
        exception_class: 'KeyError',
        exception_traceback: 'Traceback (most recent call last):\n  File "secret.py"',
      },
    }
    const { detail } = describeErrorBody(body)
    expect(detail).toBe("Unexpected exception while handling your request: KeyError: KeyError('x')")
    expect(detail).not.toContain('Traceback')
  })

  it('reads non-JSON text: the title of a proxy HTML page, or the plain text', () => {
    const nginx =
      '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
    expect(describeErrorBody(nginx)).toEqual({ detail: '503 Service Temporarily Unavailable' })
    expect(describeErrorBody('I am, alive!\n')).toEqual({ detail: 'I am, alive!' })
    expect(describeErrorBody('')).toEqual({ detail: 'The server gave no details.' })
  })

  it('parses JSON that arrives as text', () => {
    expect(describeErrorBody('{"detail": "Not Found"}')).toEqual({ detail: 'Not Found' })
  })

  it('still says something for shapes it does not know', () => {
    expect(describeErrorBody(null).detail).toBe('The server gave no details.')
    expect(describeErrorBody({ message: 'Gateway timeout' }).detail).toBe('Gateway timeout')
    expect(describeErrorBody({ error: 'x', code: 7 }).detail).toBe(
      'The server answered: {"error":"x","code":7}',
    )
  })
})

describe('formatLoc', () => {
  it('drops the source only when a field follows it', () => {
    expect(formatLoc(['body', 'query'])).toBe('query')
    expect(formatLoc(['query'])).toBe('query')
    expect(formatLoc(['body', 'data', 2, 'name'])).toBe('data[2].name')
  })
})

describe('extractMissingScopes', () => {
  it('reads the enum rendering of the real server', () => {
    expect(
      extractMissingScopes(
        "Missing scopes: [<Scope.TOKENS_CREATE: 'tokens:create'>, <Scope.TOKENS_DELETE: 'tokens:delete'>]",
      ),
    ).toEqual(['tokens:create', 'tokens:delete'])
  })

  it('reads the plain-list rendering', () => {
    expect(
      extractMissingScopes("Missing scopes: ['uploads:write', 'uploads_bundle:read']"),
    ).toEqual(['uploads:write', 'uploads_bundle:read'])
  })

  it('returns each scope once and nothing for other details', () => {
    expect(extractMissingScopes("Missing scopes: ['groups:read', 'groups:read']")).toEqual([
      'groups:read',
    ])
    expect(extractMissingScopes('Missing scopes: []')).toEqual([])
    expect(extractMissingScopes('You are not authorized to access this Oasis')).toEqual([])
    expect(extractMissingScopes('Use uploads:write for this')).toEqual([])
  })
})
