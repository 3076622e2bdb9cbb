import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { jsonChunks, toJsonText } from './json'

/** Success JSON as the real server sends it (indent 2, nulls omitted). */
export function sendJson(reply: FastifyReply, body: unknown, status = 200): FastifyReply {
  return reply.code(status).type('application/json').send(toJsonText(body))
}

/** Same rendering, streamed: for archives, whose text may be tens of megabytes. */
export function streamJson(
  reply: FastifyReply,
  body: unknown,
  status = 200,
  type = 'application/json',
): FastifyReply {
  const stream = Readable.from(jsonChunks(body), { objectMode: false, highWaterMark: 1 })
  return reply.code(status).type(type).send(stream)
}
