import { Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import type { SyncChange } from '../../../shared/ipc/channels/offline-sync'
import { ErrorAlert } from '../../components/error-alert'
import { formatExact } from '../../components/relative-time'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'

const CHANGE: Record<SyncChange['change'], { label: string; color: string }> = {
  added: { label: 'New', color: 'teal' },
  removed: { label: 'Removed', color: 'red' },
  changed: { label: 'Changed', color: 'blue' },
}

/** What the last sync of a pin found: counts, the list, and pinning the new entries. */
export function SyncReportModal({ pin, onClose }: { pin: PinSummary; onClose: () => void }) {
  const report = useInvoke('offline.syncReport', { pinId: pin.pinId })
  const pinNew = useMutationInvoke('offline.pinNew')
  const data = report.data
  const room = Math.max(0, pin.limit - pin.entries)
  const unpinned = data ? data.added - data.newPinned : 0
  return (
    <Modal opened onClose={onClose} size="lg" title={`What changed in “${pin.label}”`}>
      <Stack gap="md" data-testid="sync-report">
        {report.isPending && <Loader size="sm" role="status" aria-label="Loading the report" />}
        {report.error && <ErrorAlert error={report.error} />}
        {data === null && <Text size="sm">This pin has not been synced yet.</Text>}
        {data && (
          <>
            <Text size="sm">
              Compared with {pin.serverName} on{' '}
              {formatExact(new Date(data.finishedAt).toISOString())}, against the copy before.
            </Text>
            <Group gap="xs" data-testid="sync-report-counts">
              <Badge color="teal" variant="light">
                {data.added} new
              </Badge>
              <Badge color="red" variant="light">
                {data.removed} removed
              </Badge>
              <Badge color="blue" variant="light">
                {data.changed} changed
              </Badge>
              <Badge color="gray" variant="light">
                {data.unchanged} unchanged
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              Removed entries were deleted from this computer; changed ones were updated (their
              metadata or archive summary differed). New entries are not kept until you pin them.
            </Text>
            {data.items.length > 0 && (
              // The list scrolls on its own: focusable, so it scrolls from the keyboard too.
              <ScrollArea.Autosize
                mah={320}
                viewportProps={{ tabIndex: 0, 'aria-label': 'Changed entries, scrollable' }}
              >
                <Table
                  verticalSpacing={4}
                  aria-label="Changed entries"
                  data-testid="sync-report-list"
                >
                  <Table.Thead>
                    <Table.Tr>
                      {/* The badge truncates itself to fit: keep room for "Changed" beside long ids. */}
                      <Table.Th miw={104}>Change</Table.Th>
                      <Table.Th>Entry</Table.Th>
                      <Table.Th>Id</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((item) => (
                      <Table.Tr key={`${item.change}-${item.entryId}`} data-change={item.change}>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={CHANGE[item.change].color}>
                            {CHANGE[item.change].label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{item.name}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" ff="monospace">
                            {item.entryId}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            {data.items.length < data.added + data.removed + data.changed && (
              <Text size="xs" c="dimmed">
                The list shows the first {data.items.length} changes; the counts are complete.
              </Text>
            )}
            {pinNew.error && <ErrorAlert error={pinNew.error} />}
            <Group justify="flex-end">
              {unpinned > 0 && (
                <Button
                  onClick={() => pinNew.mutate({ pinId: pin.pinId }, { onSuccess: onClose })}
                  loading={pinNew.isPending}
                  disabled={room === 0}
                  title={
                    room === 0 ? `The pin keeps its limit of ${pin.limit} entries.` : undefined
                  }
                  data-testid="sync-pin-new"
                >
                  Pin {Math.min(unpinned, room).toLocaleString('en-US')} new{' '}
                  {Math.min(unpinned, room) === 1 ? 'entry' : 'entries'}
                </Button>
              )}
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  )
}
