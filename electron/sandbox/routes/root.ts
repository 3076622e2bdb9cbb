import type { FastifyInstance } from 'fastify'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'

/** Health check of the real server. */
export async function rootRoutes(app: FastifyInstance, _ctx: DataContext): Promise<void> {
  app.get(
    '/alive',
    { schema: { summary: 'Health check', tags: ['info'] } },
    async (_request, reply) => sendJson(reply, 'I am, alive!'),
  )
  return Promise.resolve()
}
