import type {} from 'fastify'
import type { SandboxUser } from '../state/types'

/**
 * Who is calling, resolved once per request by the auth plugin (auth/plugin.ts) from the
 * Authorization header, as the real server does: an access token or app token that fails
 * validation gives 401 at once; an unknown, expired or revoked PAT falls back to anonymous.
 */
export interface Caller {
  user: SandboxUser | null
  /** Effective scopes: all for access tokens, all but tokens:* for app tokens, the PAT's own
   * list for PATs, and the anonymous default (`*:read` expanded) for nobody. */
  scopes: ReadonlySet<string>
  kind: 'anonymous' | 'access-token' | 'app-token' | 'pat'
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller
  }
}
