import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NOMAD_VERSION } from '../data/entry-doc'
import { nameWildcardSegments } from './openapi-wildcards'
import type { RouteInfo } from './route-table'

/**
 * The OpenAPI document ({base}/openapi.json) and the interactive dashboard
 * ({base}/extensions/docs), as on the real server. The dashboard's Authorize button offers the
 * OAuth2 password flow against {base}/auth/token (it fetches and attaches the access token
 * itself) and a plain bearer field for PATs and app tokens.
 *
 * Both are served by a second fastify app built on the first visit (docsApp): @fastify/swagger,
 * @fastify/swagger-ui and what they load (yaml, @fastify/static, glob) took ~130 ms of every
 * sandbox start, a sixth of it at 2 000 entries, for pages few starts ever show. That app is
 * given the route table (route-table.ts), so its document describes exactly the routes of this
 * one; it has no port and answers through `inject`.
 */
export function registerOpenApi(
  app: FastifyInstance,
  basePath: string,
  routes: readonly RouteInfo[],
): void {
  let docs: Promise<FastifyInstance> | undefined
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= docsApp(basePath, routes)
    const answer = await (
      await docs.catch(retryLater)
    ).inject({
      // HEAD reaches this handler as GET (fastify's exposed head routes) and drops the body.
      method: 'GET',
      url: request.url,
      headers: request.headers,
    })
    // Paths the dashboard does not serve get this app's own 404 ({"detail": "Not Found"}).
    if (answer.statusCode === 404) return reply.callNotFound()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) void reply.header(name, value)
    }
    reply.code(answer.statusCode)
    // No body at all (a redirect, 304 Not Modified): sending an empty one would add a type.
    return answer.rawPayload.length === 0 ? reply.send() : reply.send(answer.rawPayload)
  }
  const retryLater = (error: unknown): never => {
    docs = undefined
    throw error
  }
  const hidden = { schema: { hide: true } }
  app.get(`${basePath}/openapi.json`, hidden, forward)
  app.get(`${basePath}/extensions/docs`, hidden, forward)
  app.get(`${basePath}/extensions/docs/*`, hidden, forward)
}

/** Headers of the inner answer that belong to its own (virtual) connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date'])

/** The app that generates the document and serves the dashboard: `routes` without handlers. */
async function docsApp(basePath: string, routes: readonly RouteInfo[]): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }, zodProvider] =
    await Promise.all([
      import('fastify'),
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
      import('fastify-type-provider-zod'),
    ])
  // The route table already holds the HEAD routes fastify exposed for every GET.
  const docs = Fastify({ logger: false, exposeHeadRoutes: false })
  docs.setValidatorCompiler(zodProvider.validatorCompiler)
  docs.setSerializerCompiler(zodProvider.serializerCompiler)
  await docs.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'NOMAD API (local sandbox)',
        version: NOMAD_VERSION,
        description:
          'A local, generated re-implementation of the NOMAD v1 API for NOMAD Desktop: demo data, ' +
          'configurable limits and fault injection. Log in with a demo account through ' +
          '"Authorize" (docs/sandbox.md lists them).',
      },
      components: {
        securitySchemes: {
          OAuth2PasswordBearer: {
            type: 'oauth2',
            flows: { password: { tokenUrl: `${basePath}/auth/token`, scopes: {} } },
          },
          HTTPBearer: { type: 'http', scheme: 'bearer' },
        },
      },
      // Every operation accepts either scheme, or none (public data needs no credential).
      security: [{ OAuth2PasswordBearer: [] }, { HTTPBearer: [] }, {}],
    },
    transform: zodProvider.jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? nameWildcardSegments(document.openapiObject)
        : document.swaggerObject,
  })
  await docs.register(swaggerUi, {
    routePrefix: `${basePath}/extensions/docs`,
    uiConfig: { persistAuthorization: true, docExpansion: 'list', deepLinking: true },
  })
  const own = new Set([`${basePath}/openapi.json`, `${basePath}/extensions/docs`])
  for (const route of routes) {
    if (own.has(route.url) || route.url.startsWith(`${basePath}/extensions/docs/`)) continue
    docs.route({
      method: route.method,
      url: route.url,
      ...(route.schema === undefined ? {} : { schema: route.schema }),
      handler: () => undefined,
    })
  }
  docs.get(`${basePath}/openapi.json`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json').send(JSON.stringify(docs.swagger())),
  )
  await docs.ready()
  return docs
}
