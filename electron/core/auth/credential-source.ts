import { AsyncLocalStorage } from 'node:async_hooks'
import { AppError } from '../../../shared/errors'
import type { Credential, CredentialPurpose, CredentialSource } from '../api/credentials'
import { silentLogger, type Logger } from '../logging'
import type { StoredToken, TokenVault } from '../vault/vault'
import type { Sessions } from './sessions'

/**
 * The app's CredentialSource: the vault's active stored token (PAT or app token) when it can be
 * used, else the signed-in session. Also lets one operation use a specific credential (testing
 * a token, checking a fresh sign-in) without touching what every other request uses.
 */
export interface AppCredentialSource extends CredentialSource {
  /** Every request to `serverId` started inside `work` carries `credential`. */
  withCredential<T>(serverId: string, credential: Credential, work: () => Promise<T>): Promise<T>
}

export interface CredentialSourceOptions {
  vault: () => TokenVault | undefined
  sessions: Sessions
  serverName: (serverId: string) => string
  now?: () => number
  logger?: Logger
}

/** Why a stored token must not be sent, or undefined when it may. */
export function storedTokenBlock(token: StoredToken, now: number): string | undefined {
  if (token.problem !== undefined) return token.problem
  if (token.rejectedAt !== undefined)
    return `the server refused “${token.name}” (revoked or expired)`
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= now)
    return `“${token.name}” expired on ${token.expiresAt.slice(0, 10)}`
  return undefined
}

export function createAppCredentialSource(options: CredentialSourceOptions): AppCredentialSource {
  const { sessions } = options
  const now = options.now ?? Date.now
  const log = options.logger ?? silentLogger
  const scoped = new AsyncLocalStorage<{ serverId: string; credential: Credential }>()

  function stored(serverId: string): Credential | undefined {
    const active = options.vault()?.active(serverId)
    if (active === undefined || active.raw === undefined) return undefined
    if (storedTokenBlock(active.token, now()) !== undefined) return undefined
    return { token: active.raw, kind: active.token.kind, label: active.token.name }
  }

  function session(serverId: string, purpose: CredentialPurpose): Credential | undefined {
    const current = sessions.get(serverId)
    if (current !== undefined) return { token: current.accessToken, kind: 'access-token' }
    if (purpose === 'auto') return undefined
    const name = options.serverName(serverId)
    const ended = sessions.endedBy(serverId)
    throw new AppError(
      'auth_required',
      ended === 'expired'
        ? `Your session on ${name} has expired. Sign in again to manage tokens.`
        : ended === 'rejected'
          ? `${name} no longer accepts your session. Sign in again to manage tokens.`
          : `Sign in to ${name} to manage tokens: that needs your signed-in session, which a stored token cannot replace.`,
    )
  }

  return {
    credentialFor(serverId, purpose) {
      const override = scoped.getStore()
      if (override !== undefined && override.serverId === serverId) return override.credential
      if (purpose === 'auto') return stored(serverId) ?? session(serverId, 'auto')
      return session(serverId, purpose)
    },
    onUnauthorized(serverId, credential) {
      // A credential under test is judged by the test itself, not remembered as refused.
      if (scoped.getStore()?.credential === credential) return
      if (credential.kind === 'access-token') {
        if (sessions.get(serverId)?.accessToken === credential.token)
          sessions.end(serverId, 'rejected')
        return
      }
      const vault = options.vault()
      const active = vault?.active(serverId)
      if (vault === undefined || active?.raw !== credential.token) return
      log.info('the server refused the active stored token', { serverId, name: active.token.name })
      vault
        .update(serverId, active.token.id, { rejectedAt: new Date(now()).toISOString() })
        .catch((error: unknown) => log.error('could not mark a refused token', { error }))
    },
    withCredential: (serverId, credential, work) => scoped.run({ serverId, credential }, work),
  }
}
