import { notifications } from '@mantine/notifications'
import { useServers } from '../servers/use-servers'
import { useMutationInvoke } from '../../ipc/hooks'
import { usePins } from './live-pins'

/**
 * Offline mode of the active server as the window shows it (docs/offline.md): offline when the
 * user works offline from it by hand, or when it cannot be reached; `showsKept` when the app
 * then answers from this computer (by hand, or with entries pinned from it).
 */
export function useOfflineMode() {
  const { active } = useServers()
  const pins = usePins()
  const status = active?.status
  const offline = active !== undefined && status?.state === 'offline'
  const manual = offline && status.manual === true
  const pinned = (pins.data?.pins ?? [])
    .filter((pin) => pin.serverId === active?.id)
    .reduce((sum, pin) => sum + pin.entries, 0)
  return {
    active,
    offline,
    manual,
    since: offline ? status.since : undefined,
    pinned,
    showsKept: offline && (manual || pinned > 0),
  }
}

/** Switches "Work offline" for a server (kept in settings; the status follows as an event). */
export function useWorkOffline() {
  return useMutationInvoke('offline.workOffline', {
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not switch working offline',
        message: error.message,
      }),
  })
}
