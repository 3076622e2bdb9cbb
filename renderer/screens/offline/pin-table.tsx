import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import { ErrorAlert } from '../../components/error-alert'
import { formatExact, formatPast, useNow } from '../../components/relative-time'
import { useForgetPin } from '../../features/offline/live-pins'
import { formatBytes } from '../../features/uploads/files/format-bytes'
import { useMutationInvoke } from '../../ipc/hooks'
import { useReturnFocus } from '../../components/return-focus'
import { PinFreshness, PinSyncActions } from './pin-sync'

const STATE_LABEL: Record<PinSummary['state'], string> = {
  pinning: 'Pinning',
  complete: 'Complete',
  paused: 'Paused',
  failed: 'Failed',
}
const STATE_COLOR: Record<PinSummary['state'], string> = {
  pinning: 'blue',
  complete: 'teal',
  paused: 'gray',
  failed: 'red',
}
const KIND_LABEL: Record<PinSummary['kind'], string> = {
  search: 'Search',
  entries: 'Selected entries',
  upload: 'Upload',
}

/** The library's pins, one row each: what, from where, how much, how fresh, and controls. */
export function PinTable({ pins }: { pins: PinSummary[] }) {
  const now = useNow()
  const [removing, setRemoving] = useState<PinSummary | null>(null)
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" aria-label="Pinned data" data-testid="pin-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Entries</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Last synced</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pins.map((pin) => (
              <PinRow key={pin.pinId} pin={pin} now={now} onRemove={() => setRemoving(pin)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {removing && <RemovePinModal pin={removing} onClose={() => setRemoving(null)} />}
    </>
  )
}

function PinRow({ pin, now, onRemove }: { pin: PinSummary; now: number; onRemove: () => void }) {
  const pause = useMutationInvoke('offline.pause')
  const resume = useMutationInvoke('offline.resume')
  const error = pause.error ?? resume.error
  const synced = pin.syncedAt === null ? null : new Date(pin.syncedAt).toISOString()
  return (
    <Table.Tr data-testid="pin-row" data-state={pin.state} data-pin-id={pin.pinId}>
      <Table.Td>
        <Text fw={600} size="sm" data-testid="pin-name">
          {pin.label}
        </Text>
        <Text size="xs" c="dimmed">
          {KIND_LABEL[pin.kind]} · {pin.serverName}
        </Text>
      </Table.Td>
      <Table.Td data-testid="pin-entries">
        <Text size="sm">
          {pin.entries.toLocaleString('en-US')}
          {pin.matched !== null && pin.matched > pin.entries && (
            <Text span size="xs" c="dimmed">
              {' '}
              of {pin.matched.toLocaleString('en-US')} (limit {pin.limit.toLocaleString('en-US')})
            </Text>
          )}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatBytes(pin.bytes)}</Text>
        <Text size="xs" c="dimmed">
          {pin.withArchives ? 'with archive summaries' : 'metadata only'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATE_COLOR[pin.state]} variant="light" data-testid="pin-state">
          {STATE_LABEL[pin.state]}
          {pin.state === 'pinning' && ` · ${pin.phase === 'archives' ? 'archives' : 'metadata'}`}
        </Badge>
        {pin.message && (
          <Text size="xs" mt={4} maw={260} data-testid="pin-message">
            {pin.message}
          </Text>
        )}
        {error && <ErrorAlert error={error} />}
      </Table.Td>
      <Table.Td>
        {synced ? (
          <LazyTooltip label={formatExact(synced)}>
            <Text size="sm" data-testid="pin-synced">
              {formatPast(synced, now)}
            </Text>
          </LazyTooltip>
        ) : (
          <Text size="sm" c="dimmed" data-testid="pin-synced">
            Not yet
          </Text>
        )}
        <PinFreshness pin={pin} now={now} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {pin.state === 'pinning' ? (
            <LazyTooltip label="Pause">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Pause ${pin.label}`}
                onClick={() => pause.mutate({ pinId: pin.pinId })}
                data-testid="pin-pause"
              >
                <IconPlayerPause size={18} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          ) : pin.state !== 'complete' ? (
            <LazyTooltip label="Resume where it stopped">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Resume ${pin.label}`}
                onClick={() => resume.mutate({ pinId: pin.pinId })}
                data-testid="pin-resume"
              >
                <IconPlayerPlay size={18} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          ) : null}
          <PinSyncActions pin={pin} />
          <LazyTooltip label="Remove from this computer">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${pin.label}`}
              onClick={onRemove}
              data-testid="pin-remove"
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </LazyTooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

function RemovePinModal({ pin, onClose }: { pin: PinSummary; onClose: () => void }) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  const forget = useForgetPin()
  const remove = useMutationInvoke('offline.remove', {
    onSuccess: () => {
      forget(pin.pinId)
      onClose()
    },
  })
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Remove “${pin.label}”?`}
      data-testid="pin-remove-dialog"
    >
      <Stack gap="md">
        <Text size="sm">
          Its {pin.entries.toLocaleString('en-US')} entries ({formatBytes(pin.bytes)}) are deleted
          from this computer, except those another pin keeps. The data on {pin.serverName} is not
          touched.
        </Text>
        {remove.error && <ErrorAlert error={remove.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            onClick={() => remove.mutate({ pinId: pin.pinId })}
            loading={remove.isPending}
            data-testid="pin-remove-confirm"
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
