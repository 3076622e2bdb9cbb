import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { NOMAD_VERSION } from '../data/entry-doc'
import { nameWildcardSegments } from './openapi-wildcards'

/**
 * The OpenAPI document ({base}/openapi.json) and the interactive dashboard
 * ({base}/extensions/docs), as on the real server. The dashboard's Authorize button offers the
 * OAuth2 password flow against {base}/auth/token (it fetches and attaches the access token
 * itself) and a plain bearer field for PATs and app tokens.
 */
export async function registerOpenApi(app: FastifyInstance, basePath: string): Promise<void> {
  await app.register(swagger, {
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
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? nameWildcardSegments(document.openapiObject)
        : document.swaggerObject,
  })
  await app.register(swaggerUi, {
    routePrefix: `${basePath}/extensions/docs`,
    uiConfig: { persistAuthorization: true, docExpansion: 'list', deepLinking: true },
  })
  app.get(`${basePath}/openapi.json`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json').send(JSON.stringify(app.swagger())),
  )
}
