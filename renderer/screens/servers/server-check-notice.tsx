import { Alert, Button, Group, Text } from '@mantine/core'
import { IconPlugConnectedX } from '@tabler/icons-react'
import type { ServerStatus } from '../../../shared/ipc/models/server-profile'

/**
 * Shown in the server form when the address did not answer the connection check: what the check
 * found (the probe's words: name not found, refused, TLS, not a NOMAD API, no answer in time)
 * and the choice to keep the address anyway, e.g. an Oasis reachable only over a VPN later.
 */
export function ServerCheckNotice({
  status,
  saving,
  onSaveAnyway,
}: {
  status: ServerStatus
  saving: boolean
  onSaveAnyway: () => void
}) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconPlugConnectedX size={20} />}
      title="This address did not answer as a NOMAD server"
      data-testid="server-unreachable"
      role="alert"
    >
      <Text size="sm">{status.message ?? 'The connection check failed.'}</Text>
      <Text size="sm" mt={4}>
        Fix the address and press Check again, or save it anyway if the server is only reachable
        later (for example over a VPN).
      </Text>
      <Group mt="sm">
        <Button
          size="xs"
          variant="default"
          loading={saving}
          onClick={onSaveAnyway}
          data-testid="server-save-anyway"
        >
          Save anyway
        </Button>
      </Group>
    </Alert>
  )
}
