import type { FastifyInstance, FastifySchema } from 'fastify'
import type { z } from 'zod'

/**
 * One registered route as the fuzz suite, tools and the API dashboard see it: method, URL
 * pattern, body schema and the whole schema (zod), which the OpenAPI document describes.
 */
export interface RouteInfo {
  method: string
  url: string
  body: z.ZodType | null
  schema: FastifySchema | undefined
}

function isZod(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value
}

/**
 * Records every route as it is registered (call before any route is added). The list is the
 * route table itself, so tools that iterate it cover routes added later without being told.
 */
export function recordRoutes(app: FastifyInstance): readonly RouteInfo[] {
  const routes: RouteInfo[] = []
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method]
    const body: unknown = options.schema?.body
    for (const method of methods)
      routes.push({
        method: String(method),
        url: options.url,
        body: isZod(body) ? body : null,
        schema: options.schema,
      })
  })
  return routes
}
