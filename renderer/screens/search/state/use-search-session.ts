import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import type { QuantityCatalogue } from '../../../../shared/query'
import { useIpcClient } from '../../../ipc/client-context'
import { useInvoke } from '../../../ipc/hooks'
import { newSession, sessionFromState, stateFromSession, type SearchSession } from './session'
import { sessionStore } from './session-store'

const SAVE_DELAY_MS = 400

/**
 * The search session of a server: restored from the persisted state on first use (after a
 * restart), kept in the module store while the app runs, and written back shortly after each
 * change so it survives the next restart.
 */
export function useSearchSession(
  serverId: string | undefined,
  catalogue: QuantityCatalogue | undefined,
) {
  const client = useIpcClient()
  const session = useSyncExternalStore(sessionStore.subscribe, () =>
    serverId === undefined ? undefined : sessionStore.get(serverId),
  )
  const persisted = useInvoke(
    'search.state.get',
    { serverId: serverId ?? '' },
    { enabled: serverId !== undefined && session === undefined, staleTime: Infinity },
  )

  // First use of this server in this run: start from what was persisted (or a fresh session).
  useEffect(() => {
    if (serverId === undefined || catalogue === undefined || session !== undefined) return
    if (persisted.isPending && persisted.fetchStatus !== 'idle') return
    const restored =
      persisted.data != null ? sessionFromState(persisted.data, catalogue) : newSession()
    sessionStore.set(serverId, restored)
  }, [serverId, catalogue, session, persisted.data, persisted.isPending, persisted.fetchStatus])

  // Persist shortly after changes; the last change wins.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const lastSaved = useRef<string>('')
  useEffect(() => {
    if (serverId === undefined || session === undefined) return
    const state = stateFromSession(session)
    const text = JSON.stringify(state)
    if (text === lastSaved.current) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      lastSaved.current = text
      client.invoke('search.state.set', { serverId, state }).catch(() => {
        // Not fatal: the session stays in memory; the next change tries again.
        lastSaved.current = ''
      })
    }, SAVE_DELAY_MS)
    return () => clearTimeout(timer.current)
  }, [client, serverId, session])

  const update = useCallback(
    (change: (current: SearchSession) => SearchSession) => {
      if (serverId === undefined) return
      const current = sessionStore.get(serverId)
      if (current) sessionStore.set(serverId, change(current))
    },
    [serverId],
  )

  return { session, update, error: persisted.error }
}
