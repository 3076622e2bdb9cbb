import type { authChannels } from '../../../shared/ipc/channels/auth'
import type { HandlersFor } from '../ipc/router'
import { profileName } from '../servers/server-profiles'
import type { CoreServices } from '../services'
import type { TokenVault } from '../vault/vault'
import { createAuthHandlers } from './auth-handlers'
import { createAuthService } from './auth-service'
import { createAppCredentialSource, type AppCredentialSource } from './credential-source'
import { createSessions, type Sessions } from './sessions'

export interface AuthDomainDeps {
  /** The open token vault, if any: its active stored token goes before the signed-in session. */
  vault: () => TokenVault | undefined
}

export interface AuthDomain {
  sessions: Sessions
  /** The app's CredentialSource, already plugged into every API client. */
  credentials: AppCredentialSource
  handlers: HandlersFor<typeof authChannels>
}

/**
 * Sign-in sessions and the credential every request carries (a stored token or the session),
 * plugged into every API client; announces 'auth.changed' for servers that still exist.
 */
export function createAuthDomain(services: CoreServices, deps: AuthDomainDeps): AuthDomain {
  const { profiles, now } = services
  const sessions = createSessions({ now })
  const credentials = createAppCredentialSource({
    vault: deps.vault,
    sessions,
    serverName: (serverId) => profileName(profiles, serverId) ?? serverId,
    now,
    logger: services.logger.child('auth'),
  })
  services.credentials.use(credentials)
  const auth = createAuthService({ profiles, api: services.api, sessions, credentials, now })
  sessions.onChange((serverId) => {
    if (profileName(profiles, serverId) === undefined) return
    services.events.emit('auth.changed', auth.status(serverId))
  })
  services.onDispose(() => sessions.dispose())
  return { sessions, credentials, handlers: createAuthHandlers(auth) }
}
