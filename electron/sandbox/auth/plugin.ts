import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'
import { authOptionsFor, type AuthOptions } from './options'
import { patServiceFor } from './pats'
import { ANONYMOUS, resolveCaller } from './resolve'

/**
 * Fastify plugin that resolves `request.caller` for every request (nomad-pat-facts §3.1) in an
 * onRequest hook, so invalid access/app tokens are answered with 401 before parsing, routing
 * checks or validation. Marked skip-override (what fastify-plugin does) so the decoration and
 * hook apply to the routes registered next to it, not only inside its own scope:
 *
 *   await app.register(authPlugin, { ctx })
 *
 * Route handlers then use requireScopes / requireUser / requireLogin / guard from guards.ts.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The endpoint takes no user (POST/GET /auth/token, docs): the Authorization header is not
     * looked at, so a stale token sent along cannot turn a fresh login into a 401.
     */
    skipAuth?: boolean
  }
}

export interface AuthPluginOptions {
  ctx: SandboxContext
  /** Overrides of authOptionsFor(ctx) defaults. */
  options?: Partial<AuthOptions>
}

export async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions): Promise<void> {
  const { ctx } = opts
  Object.assign(authOptionsFor(ctx), opts.options ?? {})
  // Created (and registered for persistence) now, before the state loads its data directory.
  const pats = patServiceFor(ctx)
  if (!app.hasRequestDecorator('caller')) app.decorateRequest('caller', null as never)
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.skipAuth === true) {
      request.caller = ANONYMOUS
      return Promise.resolve()
    }
    request.caller = resolveCaller(ctx, pats, {
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
    })
    return Promise.resolve()
  })
  return Promise.resolve()
}

Object.assign(authPlugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'nomad-sandbox-auth',
})

export {
  AUTHENTICATION_REQUIRED,
  callerOf,
  enforce,
  guard,
  requireLogin,
  requireScopes,
  requireUser,
} from './guards'
export { ANONYMOUS, resolveCaller, resolveSignatureToken } from './resolve'
export { ENDPOINT_SCOPES, type EndpointAuth, type EndpointKey } from './endpoint-scopes'
