import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ConnectionState } from '../../../shared/ipc/models/server-profile'
import { useOfflineMode } from '../offline/use-offline-mode'
import { useServers } from './use-servers'

/** The last finished check of one server; a re-check in progress does not hide the notice. */
interface Settled {
  serverId: string
  state: ConnectionState
  message: string | undefined
}

const UNREACHABLE: readonly ConnectionState[] = ['offline', 'error']
// Dismissals live in the app's query cache: shared by the notice and the screens that point at
// it, gone with the app (and with each test's fresh QueryClient).
const DISMISSED = ['ui', 'unreachable-notice-dismissed'] as const

/** What a screen says in place of the connection error while the notice above says it in full. */
export const SEE_NOTICE = 'Server unreachable — see the notice above.'

/**
 * Whether the shell shows its "server cannot be reached" notice for the active server, so that
 * screens can point at it instead of repeating the connection error word for word.
 */
export function useUnreachableNotice() {
  const { active, servers } = useServers()
  const queryClient = useQueryClient()
  const dismissed = useQuery({
    queryKey: DISMISSED,
    queryFn: () => [] as string[],
    staleTime: Infinity,
    gcTime: Infinity,
  }).data
  const [settled, setSettled] = useState<Settled>()

  // Remember the last finished check (React's "adjust state while rendering" pattern), so the
  // periodic re-check's "Checking…" does not make the notice blink.
  const status = active?.status
  if (
    active &&
    status &&
    status.state !== 'checking' &&
    status.state !== 'unknown' &&
    (settled?.serverId !== active.id ||
      settled.state !== status.state ||
      settled.message !== status.message)
  )
    setSettled({ serverId: active.id, state: status.state, message: status.message })

  // Offline with data kept on this computer (or by hand): the offline banner speaks instead.
  const { showsKept } = useOfflineMode()
  const shown =
    !showsKept &&
    active !== undefined &&
    settled?.serverId === active.id &&
    UNREACHABLE.includes(settled.state) &&
    !(dismissed ?? []).includes(active.id)
  return {
    shown,
    active,
    servers,
    message: shown ? settled.message : undefined,
    dismiss: (serverId: string) =>
      queryClient.setQueryData<string[]>(DISMISSED, (ids = []) => [...ids, serverId]),
  }
}
