import { Alert, Button, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { PinEstimate } from '../../../shared/ipc/channels/offline'
import type { PinSpace } from '../../../shared/offline/pin-space'
import { formatBytes } from '../uploads/files/format-bytes'

const count = (n: number) => n.toLocaleString('en-US')

/**
 * The pin's size against the free space of the library's disk (pinSpace): nothing while it
 * fits with room to spare, a warning when little is left after it, and, when it cannot fit, the
 * reason Start is disabled and how many entries would fit (one click lowers "Keep at most").
 */
export function PinSpaceNote({
  estimate,
  space,
  onLower,
}: {
  estimate: PinEstimate
  space: PinSpace
  onLower: (limit: number) => void
}) {
  const free = estimate.freeBytes === null ? '' : formatBytes(estimate.freeBytes)
  if (space.state === 'tight')
    return (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle aria-hidden />}
        data-testid="pin-space"
        data-state="tight"
      >
        Only {free} is free on the disk of {estimate.folder}; after this pin about{' '}
        {formatBytes(space.leftBytes)} will be left.
      </Alert>
    )
  if (space.state !== 'too-big') return null
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      title="This pin does not fit on the disk"
      data-testid="pin-space"
      data-state="too-big"
    >
      <Text size="sm" id="pin-space-reason">
        It needs about {formatBytes(estimate.bytes)}, but only {free} is free on the disk of{' '}
        {estimate.folder}, and the library keeps {formatBytes(estimate.reserveBytes)} free.{' '}
        {space.fitEntries > 0
          ? `About ${count(space.fitEntries)} entries fit: lower “Keep at most”, or free space on the disk.`
          : 'Free space on the disk first.'}
      </Text>
      {space.fitEntries > 0 && (
        <Button
          mt="xs"
          size="xs"
          variant="light"
          color="red"
          onClick={() => onLower(space.fitEntries)}
          data-testid="pin-space-lower"
        >
          Keep at most {count(space.fitEntries)} entries
        </Button>
      )}
    </Alert>
  )
}
