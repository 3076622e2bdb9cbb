import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { authPlugin } from '../auth/plugin'
import { installCors } from './cors'
import type { DataContext } from './data-context'
import { installErrorHandling } from './error-handler'
import { installInputLimits } from './input-limits'
import { registerOpenApi } from './openapi'
import { recordRoutes, type RouteInfo } from './route-table'
import { registerRoutes } from './routes'

/**
 * Assembles the fastify app: error rendering, CORS, auth, OpenAPI + dashboard, every route
 * module under the base path. `front` sees each raw request first (limits, faults, stats act
 * there, in front of the app, as the real deployment's proxy does).
 */
export type FrontHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (req: IncomingMessage, res: ServerResponse) => void,
) => void

export async function buildApp(
  ctx: DataContext,
  front: FrontHandler,
): Promise<{ app: FastifyInstance; routes: readonly RouteInfo[] }> {
  const app = Fastify({
    logger: false,
    bodyLimit: 16 * 1024 * 1024,
    routerOptions: { maxParamLength: 2000 },
    // Fastify's own 400 for a URL it cannot decode, in the server's `{detail}` shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .type('application/json')
        .send(JSON.stringify({ detail: `Invalid request: ${error.message.slice(0, 200)}` }))
    },
    serverFactory: (handler) => createServer((req, res) => front(req, res, handler)),
  })
  const routes = recordRoutes(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandling(app)
  installCors(app)
  installInputLimits(app)
  await app.register(authPlugin, { ctx })
  registerOpenApi(app, ctx.basePath, routes)
  const docs = `${ctx.basePath}/extensions/docs`
  for (const url of new Set([ctx.basePath || '/', `${ctx.basePath}/`])) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => reply.redirect(docs, 307))
  }
  await app.register(async (scoped) => registerRoutes(scoped, ctx), { prefix: ctx.basePath })
  return { app, routes }
}
