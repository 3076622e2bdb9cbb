import { Alert, Button, Group, Text } from '@mantine/core'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import { ErrorAlert } from '../../components/error-alert'
import { useMutationInvoke } from '../../ipc/hooks'

interface Damaged {
  key: string
  problem: string
  pinIds?: string[] | undefined
}

/** Damaged records found at start: the rest works; the pins they belong to can re-sync. */
export function DamagedRecords({ damaged, pins }: { damaged: Damaged[]; pins: PinSummary[] }) {
  const sync = useMutationInvoke('offline.sync')
  const affected = pins.filter((pin) => damaged.some((d) => d.pinIds?.includes(pin.pinId)))
  return (
    <Alert color="orange" title="Some stored records are damaged" data-testid="offline-damaged">
      <Text size="sm">
        {damaged.length} {damaged.length === 1 ? 'record was' : 'records were'} skipped; the rest of
        the library works (first: {damaged[0]?.key}: {damaged[0]?.problem}).{' '}
        {affected.length > 0
          ? 'Sync the pins they belong to, which stores them again:'
          : 'Remove and pin again what they belonged to.'}
      </Text>
      {affected.length > 0 && (
        <Group gap="xs" mt="xs">
          {affected.map((pin) => (
            <Button
              key={pin.pinId}
              size="xs"
              variant="light"
              color="orange"
              onClick={() => sync.mutate({ pinId: pin.pinId })}
              data-testid="damaged-resync"
            >
              Re-sync “{pin.label}”
            </Button>
          ))}
        </Group>
      )}
      {sync.error && <ErrorAlert error={sync.error} />}
    </Alert>
  )
}
