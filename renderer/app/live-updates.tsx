import { useMantineColorScheme } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useDownloadsLiveUpdates } from '../features/downloads/live-downloads'
import { useOfflineLiveUpdates } from '../features/offline/live-pins'
import { useEvent, useHostConnection, useInvoke, queryKeyFor } from '../ipc/hooks'

/** The state that pushed events replace (below), asked for again once they are subscribed. */
const FOLLOWED = ['app.status', 'servers.list', 'settings.get'] as const

/**
 * Keeps cached query data in step with main/the host: pushed events replace the matching
 * query's data, a sign-in or sign-out refetches that server's queries, and after a lost
 * connection comes back every query is refetched.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient()
  useEvent('app.status', (status) =>
    queryClient.setQueryData(queryKeyFor('app.status', {}), status),
  )
  useEvent('servers.changed', (list) =>
    queryClient.setQueryData(queryKeyFor('servers.list', {}), list),
  )
  useEvent('settings.changed', (settings) =>
    queryClient.setQueryData(queryKeyFor('settings.get', {}), settings),
  )
  // Signing in or out changes what a server shows (its "visible" entries, uploads, rights):
  // everything cached for that server is refetched, nothing of the others.
  useEvent('auth.changed', (status) => {
    void queryClient.invalidateQueries({
      predicate: ({ queryKey }) => serverIdOf(queryKey[1]) === status.serverId,
    })
  })
  // Subscribed above (effects run in order), now ask once: LiveUpdates mounts only after the
  // 'app.startup' answer, and an event the host sent in between reached no listener. A status
  // check that finished then left the status bar at "Checking…" until the next check.
  useEffect(() => {
    for (const channel of FOLLOWED)
      void queryClient.invalidateQueries({ queryKey: queryKeyFor(channel, {}) })
  }, [queryClient])
  useDownloadsLiveUpdates()
  useOfflineLiveUpdates()
  const connection = useHostConnection()
  const wasLost = useRef(false)
  useEffect(() => {
    // Refetch only after a reconnect: anything may have changed while events could not arrive.
    if (connection === 'lost') wasLost.current = true
    else if (connection === 'open' && wasLost.current) {
      wasLost.current = false
      void queryClient.invalidateQueries()
    }
  }, [connection, queryClient])
  return null
}

function serverIdOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null && 'serverId' in input
    ? input.serverId
    : undefined
}

/** Applies the theme setting to Mantine: 'system' means follow the OS ('auto'). */
export function ThemeSync() {
  const settings = useInvoke('settings.get', {})
  const { setColorScheme } = useMantineColorScheme()
  const theme = settings.data?.appearance.theme
  useEffect(() => {
    if (theme) setColorScheme(theme === 'system' ? 'auto' : theme)
  }, [theme, setColorScheme])
  return null
}
