import { Switch } from '@mantine/core'
import { useServers } from '../servers/use-servers'
import { useWorkOffline } from './use-offline-mode'

/**
 * "Work offline" for the active server (in the server menu and the Offline section): on, the app
 * sends nothing to it and answers from this computer; kept in settings across restarts.
 */
export function WorkOfflineSwitch({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { active } = useServers()
  const workOffline = useWorkOffline()
  // While the switch is on its way, it shows where it goes (the status follows as an event).
  const on = workOffline.isPending ? workOffline.variables.offline : active?.status?.manual === true
  if (active === undefined) return null
  return (
    <Switch
      size={size}
      label="Work offline"
      description={
        on
          ? `Nothing is sent to ${active.name}; the app answers from this computer.`
          : `Use what is kept on this computer and send nothing to ${active.name}.`
      }
      checked={on}
      disabled={workOffline.isPending}
      onChange={(event) =>
        workOffline.mutate({ serverId: active.id, offline: event.currentTarget.checked })
      }
      data-testid="work-offline-switch"
    />
  )
}
