import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  checkJsonBounds,
  INPUT_MAX_DEPTH,
  PROTOTYPE_KEYS,
  QUERY_MAX_CHARS,
  QUERY_MAX_DEPTH,
  type BoundsProblem,
  type JsonBounds,
} from '../../../shared/api/json-bounds'
import { unprocessable } from '../http-error'

/**
 * Limits on what a request may carry, checked for every route before its own validation and
 * before the query language (shared/query, which recurses) sees anything. A deep or huge query
 * gets a 422 that names the limit; the echo of an accepted query is then bounded too, because
 * its size is counted as the indented JSON the server echoes (docs/query-language.md, Limits).
 */
const QUERY_BOUNDS: JsonBounds = {
  maxDepth: QUERY_MAX_DEPTH,
  maxChars: QUERY_MAX_CHARS,
  indent: 2,
  label: 'The query',
  forbiddenKeys: PROTOTYPE_KEYS,
}
const BODY_BOUNDS: JsonBounds = {
  maxDepth: INPUT_MAX_DEPTH,
  label: 'The body',
  forbiddenKeys: ['__proto__'],
}

function refuse(loc: (string | number)[], problem: BoundsProblem): never {
  throw unprocessable([
    { loc: [...loc, ...problem.path], msg: problem.message, type: 'value_error' },
  ])
}

function checkQueryString(request: FastifyRequest): void {
  const params = request.query
  if (typeof params !== 'object' || params === null) return
  const raw: unknown = (params as Record<string, unknown>).json_query
  for (const text of Array.isArray(raw) ? raw : [raw]) {
    if (typeof text !== 'string') continue
    if (text.length > QUERY_MAX_CHARS)
      refuse(['query', 'json_query'], {
        kind: 'size',
        message: `The query is larger than the limit of ${QUERY_MAX_CHARS.toLocaleString('en')} characters.`,
        path: [],
      })
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      continue // Not JSON: the route answers that in the real server's words.
    }
    const problem = checkJsonBounds(parsed, QUERY_BOUNDS)
    if (problem) refuse(['query', 'json_query'], problem)
  }
}

function checkBody(request: FastifyRequest): void {
  const body = request.body
  if (typeof body !== 'object' || body === null) return
  if (!Array.isArray(body) && Object.hasOwn(body, 'query')) {
    const problem = checkJsonBounds((body as Record<string, unknown>).query, QUERY_BOUNDS)
    if (problem) refuse(['body', 'query'], problem)
  }
  const problem = checkJsonBounds(body, BODY_BOUNDS)
  if (problem) refuse(['body'], problem)
}

const POISON_KEY = /"(__proto__|constructor|prototype)"\s*:/

/**
 * Fastify's own JSON parser (which refuses prototype keys), with one change: when it refuses a
 * body that is valid JSON, the answer says which reserved key was the reason instead of
 * "Expecting value".
 */
function installJsonParser(app: FastifyInstance): void {
  const standard = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    // The default parser is callback-style; its type also allows a promise, never returned.
    void standard(request, text, (error, value) => {
      const key = error ? POISON_KEY.exec(text)?.[1] : undefined
      if (!key) return done(error, value)
      try {
        JSON.parse(text)
      } catch {
        return done(error, value)
      }
      done(
        unprocessable([
          {
            loc: ['body'],
            msg: `The body uses the reserved key “${key}” (as “__proto__” or “constructor.prototype”); such keys reach JavaScript object internals and are refused.`,
            type: 'value_error',
          },
        ]),
        undefined,
      )
    })
  })
}

export function installInputLimits(app: FastifyInstance): void {
  installJsonParser(app)
  app.addHook('preValidation', async (request) => {
    checkQueryString(request)
    checkBody(request)
    return Promise.resolve()
  })
}
