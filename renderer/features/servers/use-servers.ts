import type { ServerProfile, ServerStatus } from '../../../shared/ipc/models/server-profile'
import { useInvoke } from '../../ipc/hooks'

export interface ServerWithStatus extends ServerProfile {
  status: ServerStatus | undefined
}

/** Server profiles joined with their live connection state; used by the shell and Servers. */
export function useServers() {
  const list = useInvoke('servers.list', {})
  const status = useInvoke('app.status', {})
  const servers: ServerWithStatus[] = (list.data?.servers ?? []).map((server) => ({
    ...server,
    status: status.data?.servers[server.id],
  }))
  const activeId = list.data?.activeServerId
  return {
    servers,
    active: servers.find((s) => s.id === activeId),
    activeId,
    isLoading: list.isLoading,
    error: list.error ?? status.error,
  }
}
