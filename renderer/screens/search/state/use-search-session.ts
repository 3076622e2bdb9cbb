import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import type { AppError } from '../../../../shared/errors'
import type { SearchState } from '../../../../shared/ipc/channels/search'
import type { QuantityCatalogue } from '../../../../shared/query'
import { useIpcClient } from '../../../ipc/client-context'
import { useInvoke } from '../../../ipc/hooks'
import { newSession, sessionFromState, stateFromSession, type SearchSession } from './session'
import { sessionStore } from './session-store'

const SAVE_DELAY_MS = 400

interface PendingSave {
  serverId: string
  state: SearchState
  text: string
}

/**
 * The search session of a server: restored from the persisted state on first use (after a
 * restart), kept in the module store while the app runs, and written back shortly after each
 * change so it survives the next restart. A persisted state that cannot be read is never
 * overwritten: the screen starts fresh, says so, and saves nothing until the researcher decides
 * (try reading it again, or keep the new search from now on).
 */
export function useSearchSession(
  serverId: string | undefined,
  catalogue: QuantityCatalogue | undefined,
) {
  const client = useIpcClient()
  const persisted = useInvoke(
    'search.state.get',
    { serverId: serverId ?? '' },
    {
      enabled: serverId !== undefined && sessionStore.get(serverId) === undefined,
      staleTime: Infinity,
    },
  )
  // First use of this server in this run: start from what was persisted (or a fresh session).
  // Restored while rendering, as soon as the persisted state is at hand (at start-up it is:
  // 'app.startup' puts it in the query cache), and before the store is read below, so that the
  // screen's first commit is the whole screen. Restored in an effect, the first commit was a
  // loader, and the screen came one render later in another task; stored after the first
  // render, the store's change rendered the screen again before its first paint.
  if (
    serverId !== undefined &&
    catalogue !== undefined &&
    sessionStore.get(serverId) === undefined &&
    !(persisted.isPending && persisted.fetchStatus !== 'idle')
  ) {
    const restored = restore(persisted.error, persisted.data, catalogue)
    sessionStore.restore(serverId, restored.session, restored.problem)
  }
  const session = useSyncExternalStore(sessionStore.subscribe, () =>
    serverId === undefined ? undefined : sessionStore.get(serverId),
  )
  const unreadable = useSyncExternalStore(sessionStore.subscribe, () =>
    serverId === undefined ? undefined : sessionStore.unreadable(serverId),
  )

  // Persist shortly after changes; the last change wins. What is still waiting goes out at
  // once when the screen closes, the server changes or the window goes away, so the last edit
  // before leaving is not lost.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef<PendingSave | null>(null)
  const lastSaved = useRef(new Map<string, string>())
  const flush = useCallback(() => {
    clearTimeout(timer.current)
    const save = pending.current
    pending.current = null
    if (save === null) return
    lastSaved.current.set(save.serverId, save.text)
    client.invoke('search.state.set', { serverId: save.serverId, state: save.state }).catch(() => {
      // Not fatal: the session stays in memory; the next change tries again.
      if (lastSaved.current.get(save.serverId) === save.text)
        lastSaved.current.delete(save.serverId)
    })
  }, [client])

  useEffect(() => {
    if (serverId === undefined || session === undefined || unreadable !== undefined) return
    if (pending.current !== null && pending.current.serverId !== serverId) flush()
    clearTimeout(timer.current)
    const state = stateFromSession(session)
    const text = JSON.stringify(state)
    if (text === lastSaved.current.get(serverId)) {
      pending.current = null
      return
    }
    pending.current = { serverId, state, text }
    timer.current = setTimeout(flush, SAVE_DELAY_MS)
  }, [serverId, session, unreadable, flush])

  useEffect(() => {
    window.addEventListener('pagehide', flush)
    window.addEventListener('beforeunload', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      window.removeEventListener('beforeunload', flush)
      flush()
    }
  }, [flush])

  const update = useCallback(
    (change: (current: SearchSession) => SearchSession) => {
      if (serverId === undefined) return
      const current = sessionStore.get(serverId)
      if (current) sessionStore.set(serverId, change(current))
    },
    [serverId],
  )

  /** Reads the persisted state again; on success it replaces what is shown and saving resumes. */
  const retryRestore = useCallback(async () => {
    if (serverId === undefined || catalogue === undefined) return
    let data: SearchState | null
    try {
      data = await client.invoke('search.state.get', { serverId })
    } catch (error) {
      sessionStore.setUnreadable(serverId, messageOf(error))
      return
    }
    const restored = restore(null, data, catalogue)
    if (restored.problem !== undefined) {
      sessionStore.setUnreadable(serverId, restored.problem)
      return
    }
    sessionStore.set(serverId, restored.session)
    sessionStore.setUnreadable(serverId, null)
  }, [client, serverId, catalogue])

  /** The researcher prefers the search shown now: it is saved from here on. */
  const keepCurrent = useCallback(() => {
    if (serverId !== undefined) sessionStore.setUnreadable(serverId, null)
  }, [serverId])

  return { session, update, unreadable, retryRestore, keepCurrent }
}

function restore(
  error: AppError | null,
  data: SearchState | null | undefined,
  catalogue: QuantityCatalogue,
): { session: SearchSession; problem?: string } {
  if (error) return { session: newSession(), problem: error.message }
  if (data == null) return { session: newSession() }
  try {
    return { session: sessionFromState(data, catalogue) }
  } catch (failure) {
    return { session: newSession(), problem: messageOf(failure) }
  }
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)
