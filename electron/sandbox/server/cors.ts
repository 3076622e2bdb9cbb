import type { FastifyInstance } from 'fastify'

/**
 * The real server allows every origin, method and header with credentials and exposes
 * Content-Disposition (facts §0). Only the browser-based tools care; the desktop client talks
 * from the main process.
 */
export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin
    if (origin) {
      void reply
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-credentials', 'true')
        .header('access-control-expose-headers', 'Content-Disposition')
        .header('vary', 'Origin')
    }
    return Promise.resolve()
  })
  app.options('*', { schema: { hide: true } }, async (request, reply) => {
    const method = request.headers['access-control-request-method']
    const headers = request.headers['access-control-request-headers']
    return reply
      .code(200)
      .header(
        'access-control-allow-methods',
        method ?? 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT',
      )
      .header('access-control-allow-headers', headers ?? '*')
      .header('access-control-max-age', '600')
      .send('OK')
  })
}
