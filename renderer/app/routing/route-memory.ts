import type { RouterHistory } from '@tanstack/react-router'
import { isStorableRoute } from '../../../shared/ipc/models/last-route'

/**
 * The route to open at start: the one saved in the settings, but only when the window's own
 * address names none (the desktop app always starts at app://…/index.html, web mode after a
 * host restart at a new URL). An address in the hash (a reload, a pasted link) always wins.
 */
export function routeToRestore(hash: string, saved: string | undefined): string | undefined {
  if (saved === undefined || saved === '/') return undefined
  if (hash !== '' && hash !== '#' && hash !== '#/') return undefined
  return isStorableRoute(saved) ? saved : undefined
}

/**
 * Calls `save` with the window's route once it has stayed put for `delayMs`: the archive viewer
 * replaces the address on every selected row, and each save writes the settings file. A change
 * still waiting when the page is hidden (window closed, app quitting) is saved at once.
 */
export function rememberRoutes(
  history: Pick<RouterHistory, 'subscribe'>,
  save: (route: string) => void,
  delayMs = 800,
): () => void {
  let pending: string | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (pending === undefined) return
    const route = pending
    pending = undefined
    if (isStorableRoute(route)) save(route)
  }
  const unsubscribe = history.subscribe(({ location }) => {
    pending = location.href
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(flush, delayMs)
  })
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  document.addEventListener('visibilitychange', onHide)
  window.addEventListener('pagehide', flush)
  return () => {
    unsubscribe()
    document.removeEventListener('visibilitychange', onHide)
    window.removeEventListener('pagehide', flush)
    flush()
  }
}
