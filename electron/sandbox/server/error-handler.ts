import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { QueryExecutionError, QueryValidationError } from '../../../shared/query'
import { HttpError, type ValidationItem } from '../http-error'

/**
 * Error bodies as the real (FastAPI) server renders them, compact JSON as its stock
 * JSONResponse does: `{"detail": "..."}` for HTTPExceptions, `{"detail": [items]}` for 422,
 * `{"detail": "Not Found"}` for unknown routes, and the v1 app's "Unexpected exception" body
 * for anything unhandled.
 */

function send(
  reply: FastifyReply,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return reply.code(status).headers(headers).type('application/json').send(JSON.stringify(body))
}

/** Fastify's own schema validation (only reached by routes without a validating guard). */
function fastifyValidationItems(error: FastifyError): ValidationItem[] {
  const context =
    error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body')
  const root = context === 'params' ? 'path' : context
  return (error.validation ?? []).map((v) => ({
    loc: [root, ...v.instancePath.split('/').filter(Boolean)],
    msg: v.message ?? 'invalid value',
    type: 'value_error',
  }))
}

function bodyParseError(error: FastifyError): ValidationItem[] | null {
  if (
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
  ) {
    return [
      {
        loc: ['body', 0],
        msg: 'Expecting value: line 1 column 1 (char 0)',
        type: 'value_error.jsondecode',
      },
    ]
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return [
      {
        loc: ['body', 0],
        msg: `JSON decode error: ${error.message}`,
        type: 'value_error.jsondecode',
      },
    ]
  }
  return null
}

/** Replaces absolute file paths and file: URLs in a message by a placeholder. */
export function withoutPaths(message: string): string {
  return message
    .replace(/file:\/\/\S+/g, '<path>')
    .replace(/(^|[\s'"(=])(?:[A-Za-z]:)?[\\/](?:[^\s'"():]+[\\/])+[^\s'"():]*/g, '$1<path>')
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (
      error: FastifyError | HttpError | QueryValidationError | QueryExecutionError,
      request,
      reply,
    ) => {
      if (error instanceof HttpError)
        return send(reply, error.status, { detail: error.detail }, error.headers)
      // Query-language errors from shared/query carry the real server's 422 items / 400 text.
      if (error instanceof QueryValidationError) return send(reply, 422, { detail: error.items })
      if (error instanceof QueryExecutionError) return send(reply, 400, { detail: error.detail })
      if (error.validation) return send(reply, 422, { detail: fastifyValidationItems(error) })
      const parse = bodyParseError(error)
      if (parse) return send(reply, 422, { detail: parse })
      const status = error.statusCode ?? 500
      if (status >= 400 && status < 500) return send(reply, status, { detail: error.message })
      request.log.error(error)
      // The real server's body, minus what would tell a caller about this machine: no
      // traceback, and no absolute paths in the message.
      return send(reply, 500, {
        detail: {
          reason: 'Unexpected exception while handling your request',
          exception: withoutPaths(String(error.message)).slice(0, 500),
          exception_class: error.name,
        },
      })
    },
  )
  app.setNotFoundHandler((_request, reply) => send(reply, 404, { detail: 'Not Found' }))
}
