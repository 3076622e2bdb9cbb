import { Alert } from '@mantine/core'
import { IconPlugConnectedX } from '@tabler/icons-react'
import { useHostConnection } from '../ipc/hooks'

/** In web mode, says plainly when the browser has lost its host and what to do about it. */
export function HostConnectionBanner() {
  const connection = useHostConnection()
  if (connection !== 'lost') return null
  return (
    <Alert
      color="red"
      variant="light"
      mb="lg"
      icon={<IconPlugConnectedX size={20} />}
      title="Connection to the NOMAD Desktop host lost"
      data-testid="host-connection-lost"
    >
      Reconnecting… If you stopped <code>npm run web</code>, start it again and open the new URL it
      prints (each start uses a new session token).
    </Alert>
  )
}
