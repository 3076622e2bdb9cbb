import type { CurrentUser } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { AuthStatus, SessionUser } from '../../../shared/ipc/channels/auth'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import type { ApiRegistry } from '../api/client-registry'
import type { AppCredentialSource } from './credential-source'
import { accessTokenExpiry } from './jwt-expiry'
import type { Sessions } from './sessions'

export interface AuthService {
  status(serverId?: string): AuthStatus
  signIn(
    serverId: string | undefined,
    username: string,
    password: string,
    signal?: AbortSignal,
  ): Promise<AuthStatus>
  signOut(serverId?: string): AuthStatus
}

export interface AuthServiceDeps {
  profiles: { get(id: string): ServerProfile; active(): ServerProfile }
  api: Pick<ApiRegistry, 'clientFor'>
  sessions: Sessions
  credentials: AppCredentialSource
  now: () => number
}

function displayName(user: CurrentUser): string | null {
  if (user.name) return user.name
  const joined = [user.first_name, user.last_name].filter(Boolean).join(' ')
  return joined === '' ? null : joined
}

/** The user as the window may see it; never the token. */
export function toSessionUser(user: CurrentUser, typedName: string): SessionUser {
  return {
    userId: user.user_id,
    username: user.username ?? typedName,
    name: displayName(user),
    email: user.email ?? null,
  }
}

/** Sign-in with username and password, per server; the access token stays in memory. */
export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { sessions, profiles } = deps
  const profileOf = (serverId?: string) =>
    serverId === undefined ? profiles.active() : profiles.get(serverId)

  function status(serverId?: string): AuthStatus {
    const profile = profileOf(serverId)
    const session = sessions.get(profile.id)
    return {
      serverId: profile.id,
      serverName: profile.name,
      // NOMAD's /auth/token performs the identity provider's password grant on every
      // deployment, so every profile offers it.
      passwordSignIn: true,
      session:
        session === undefined
          ? null
          : {
              user: session.user,
              expiresAt: new Date(session.expiresAt).toISOString(),
              signedInAt: new Date(session.signedInAt).toISOString(),
            },
      ended: session === undefined ? (sessions.endedBy(profile.id) ?? null) : null,
    }
  }

  return {
    status,
    async signIn(serverId, username, password, signal) {
      const profile = profileOf(serverId)
      const client = await deps.api.clientFor(profile.id)
      const options = signal === undefined ? {} : { signal }
      let accessToken: string
      try {
        accessToken = (await client.auth.signIn(username, password, options)).access_token
      } catch (error) {
        if (error instanceof AppError && error.code === 'auth_required')
          throw new AppError(
            'invalid_input',
            `${profile.name} did not accept that username and password${error.details?.serverMessage ? ` (“${error.details.serverMessage}”)` : ''}. Check both and try again.`,
            { ...error.details, path: ['password'] },
          )
        throw error
      }
      const signedInAt = deps.now()
      // Ask who this is with the new token before anything else uses it.
      const user = await deps.credentials.withCredential(
        profile.id,
        { token: accessToken, kind: 'access-token' },
        () => client.users.me(options),
      )
      sessions.set({
        serverId: profile.id,
        accessToken,
        user: toSessionUser(user, username),
        expiresAt: accessTokenExpiry(accessToken, signedInAt),
        signedInAt,
      })
      return status(profile.id)
    },
    signOut(serverId) {
      const profile = profileOf(serverId)
      sessions.end(profile.id, 'signed-out')
      return status(profile.id)
    },
  }
}
