import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { SandboxContext } from '../../context'
import { HttpError } from '../../http-error'
import { authPlugin } from '../plugin'

/**
 * A stand-in for the sandbox server (server.ts) for tests written before it existed: zod
 * compilers, HttpError rendered as {detail}, the auth plugin and the given route modules under
 * the base path, on a free loopback port.
 */
export type RouteModule = (app: FastifyInstance, ctx: SandboxContext) => Promise<void>

export interface TestServer {
  /** Base URL including the API path, without a trailing slash. */
  url: string
  close(): Promise<void>
}

export async function startTestServer(
  ctx: SandboxContext,
  modules: RouteModule[],
): Promise<TestServer> {
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send({ detail: error.detail })
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500
    return reply
      .code(status)
      .send({ detail: error instanceof Error ? error.message : String(error) })
  })
  await app.register(
    async (api) => {
      await api.register(authPlugin, { ctx })
      for (const module of modules) await module(api, ctx)
    },
    { prefix: '/api/v1' },
  )
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url: `${address}/api/v1`, close: () => app.close() }
}
