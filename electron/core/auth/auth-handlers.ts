import type { authChannels } from '../../../shared/ipc/channels/auth'
import type { HandlersFor } from '../ipc/router'
import type { AuthService } from './auth-service'

export function createAuthHandlers(auth: AuthService): HandlersFor<typeof authChannels> {
  return {
    'auth.status': ({ serverId }) => Promise.resolve(auth.status(serverId)),
    'auth.signIn': ({ serverId, username, password }, ctx) =>
      auth.signIn(serverId, username, password, ctx.signal),
    'auth.signOut': ({ serverId }) => Promise.resolve(auth.signOut(serverId)),
  }
}
