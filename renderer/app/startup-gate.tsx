import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import type { AppStartup } from '../../shared/ipc/channels/app'
import type { IpcClient } from '../ipc/client'
import { useIpcClient } from '../ipc/client-context'
import { queryKeyFor } from '../ipc/hooks'

/** Puts each part of the 'app.startup' answer where its own channel's query would find it. */
export function seedStartup(queryClient: QueryClient, startup: AppStartup): void {
  queryClient.setQueryData(queryKeyFor('app.info', {}), startup.info)
  queryClient.setQueryData(queryKeyFor('app.status', {}), startup.status)
  queryClient.setQueryData(queryKeyFor('settings.get', {}), startup.settings)
  queryClient.setQueryData(queryKeyFor('servers.list', {}), startup.servers)
  const { serverId, catalogue, state } = startup.search
  if (catalogue) queryClient.setQueryData(queryKeyFor('search.info', { serverId }), catalogue)
  if (state) queryClient.setQueryData(queryKeyFor('search.state.get', { serverId }), state.value)
}

async function loadStartup(
  client: IpcClient,
  queryClient: QueryClient,
  sent: Promise<AppStartup> | undefined,
): Promise<void> {
  try {
    seedStartup(queryClient, await (sent ?? client.invoke('app.startup', {})))
  } catch {
    // Not fatal: each screen then asks its own channels and shows their errors where they belong.
  }
}

/**
 * Renders the app once the first screen's data is in the query cache: one 'app.startup' call
 * instead of the waterfall (settings and servers, then the active server's search catalogue and
 * state, then the first page) that each component's own query would make. `onStart` runs at
 * the same time, for work that does not need the answer (fetching the first screen's code).
 */
export function StartupGate({
  children,
  onStart,
  startup,
}: {
  children: ReactNode
  onStart?: () => void
  /** 'app.startup' already sent (renderer/ipc/early-startup.ts): its answer, not a new call. */
  startup?: Promise<AppStartup>
}) {
  const client = useIpcClient()
  const queryClient = useQueryClient()
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    onStart?.()
    void loadStartup(client, queryClient, startup).finally(() => {
      if (live) setReady(true)
    })
    return () => {
      live = false
    }
  }, [client, queryClient, onStart, startup])
  return ready ? children : null
}
