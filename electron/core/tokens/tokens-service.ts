import { createPatService } from './pat-service'
import { createServiceContext, type TokensDeps } from './service-context'
import { createStoredService } from './stored-service'

export type { TokensDeps } from './service-context'

/** The tokens service behind the tokens.* channels: server PATs and the app's stored tokens. */
export function createTokensService(deps: TokensDeps) {
  const ctx = createServiceContext(deps)
  return { ...createPatService(deps, ctx), ...createStoredService(deps, ctx) }
}

export type TokensService = ReturnType<typeof createTokensService>
