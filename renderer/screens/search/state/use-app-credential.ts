import { useQueryClient } from '@tanstack/react-query'
import type { AuthStatus } from '../../../../shared/ipc/channels/auth'
import type { StoredList } from '../../../../shared/ipc/channels/tokens'
import { useEvent, useInvoke } from '../../../ipc/hooks'

/** How the app's own requests to a server authenticate, in words ("your token “lab”"). */
export type AppCredential = { via: string } | null

/**
 * The credential core attaches to this server's requests, as far as the window can tell
 * without ever seeing it: the active stored token when it can be used (not expired, refused,
 * damaged or locked), else the signed-in session; null when requests go out anonymously.
 * Mirrors core's credential source (electron/core/auth/credential-source.ts).
 */
export function appCredential(
  stored: StoredList | undefined,
  auth: AuthStatus | undefined,
): AppCredential {
  const active = stored?.items.find((token) => token.active)
  if (active && (active.condition === 'ok' || active.condition === 'expiring'))
    return { via: `your stored token “${active.name}”` }
  if (auth?.session) return { via: 'your signed-in session' }
  return null
}

/** appCredential for a server, kept current by token, vault and sign-in events. */
export function useAppCredential(serverId: string | undefined): AppCredential {
  const queryClient = useQueryClient()
  const input = { serverId: serverId ?? '' }
  const enabled = serverId !== undefined
  const stored = useInvoke('tokens.stored', input, { enabled })
  const auth = useInvoke('auth.status', input, { enabled })
  const refresh = (channel: 'tokens.stored' | 'auth.status') =>
    void queryClient.invalidateQueries({ queryKey: [channel, input] })
  useEvent('tokens.changed', (event) => event.serverId === serverId && refresh('tokens.stored'))
  // Locking or unlocking the vault changes whether a stored token can be used.
  useEvent('vault.changed', () => refresh('tokens.stored'))
  useEvent('auth.changed', (status) => status.serverId === serverId && refresh('auth.status'))
  return appCredential(stored.data, auth.data)
}
