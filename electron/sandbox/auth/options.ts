import type { SandboxContext } from '../context'

/**
 * Auth behaviour switches of one sandbox that are not NOMAD limits (those live in
 * SandboxLimits). Set through the auth plugin's options or `authOptionsFor(ctx)` at run time.
 */
export interface AuthOptions {
  /**
   * Let GET /auth/pats accept any valid, active PAT of the user, as service-api.md documents.
   * The real server refuses (403 Missing scopes: tokens:read) because a PAT can never hold
   * tokens:read. Default on; turn off for strict real-server behaviour.
   */
  patListingAcceptsPat: boolean
}

const DEFAULTS: AuthOptions = { patListingAcceptsPat: true }

const perSandbox = new WeakMap<SandboxContext, AuthOptions>()

/** The live, mutable options object of this sandbox. */
export function authOptionsFor(ctx: SandboxContext): AuthOptions {
  let options = perSandbox.get(ctx)
  if (!options) {
    options = { ...DEFAULTS }
    perSandbox.set(ctx, options)
  }
  return options
}
