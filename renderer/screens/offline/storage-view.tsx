import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorAlert } from '../../components/error-alert'
import { formatBytes } from '../../features/uploads/files/format-bytes'
import { useInvoke } from '../../ipc/hooks'
import { MoveDataModal } from './move-data'
import { ImportPinModal } from './pin-export'

/**
 * Storage: the space the library takes per server and per pin, the database file on disk and
 * what is free, the recently viewed cache (its limit and clear button are the card below),
 * importing a pin file, and where the data is, with moving it elsewhere.
 */
export function StorageView({ version }: { version: string }) {
  const storage = useInvoke('offline.storage', {})
  const queryClient = useQueryClient()
  // Both figures follow a pin's change, so the database and the data folder are measured at once.
  const refresh = () =>
    Promise.all(
      ['offline.storage', 'offline.dataLocation'].map((channel) =>
        queryClient.invalidateQueries({ queryKey: [channel] }),
      ),
    )
  const location = useInvoke('offline.dataLocation', {})
  const [importing, setImporting] = useState(false)
  const [moving, setMoving] = useState(false)
  const view = storage.data
  // A pin's change (progress, removal) changes the numbers: refetch when the pins do.
  const [seen, setSeen] = useState(version)
  if (seen !== version) {
    setSeen(version)
    void refresh()
  }
  return (
    <Paper withBorder p="md" data-testid="offline-storage">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Storage
          </Title>
          <Button
            variant="default"
            size="xs"
            onClick={() => setImporting(true)}
            data-testid="pin-import"
          >
            Import a pin…
          </Button>
        </Group>
        {storage.error && <ErrorAlert error={storage.error} />}
        {view && (
          <>
            <Table verticalSpacing={4} aria-label="Space used" data-testid="storage-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Server and pins</Table.Th>
                  <Table.Th ta="right">Entries</Table.Th>
                  <Table.Th ta="right">Space</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.servers.map((server) => [
                  <Table.Tr key={server.serverId} data-testid="storage-server">
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {server.serverName}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{server.entries.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{formatBytes(server.bytes)}</Table.Td>
                  </Table.Tr>,
                  ...server.pins.map((pin) => (
                    <Table.Tr key={pin.pinId} data-testid="storage-pin">
                      <Table.Td pl="lg">
                        <Text size="sm">{pin.label}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{pin.entries.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{formatBytes(pin.bytes)}</Table.Td>
                    </Table.Tr>
                  )),
                ])}
                <Table.Tr data-testid="storage-cache">
                  <Table.Td>
                    <Text size="sm">Recently viewed (cache)</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {view.cache ? view.cache.entries.toLocaleString('en-US') : '–'}
                  </Table.Td>
                  <Table.Td ta="right">{view.cache ? formatBytes(view.cache.bytes) : '–'}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed" data-testid="storage-database">
              The library lives in {view.database.path} ({formatBytes(view.database.bytes)} on disk,
              shared with the downloads journal)
              {view.free !== null && `; ${formatBytes(view.free)} free on that disk`}. An entry two
              pins keep is stored once and counted in each.
            </Text>
          </>
        )}
        {location.error && <ErrorAlert error={location.error} />}
        {location.data && (
          <Group justify="space-between" wrap="nowrap" data-testid="storage-location">
            <Text size="sm">
              Data folder: <strong>{location.data.folder}</strong> (
              {formatBytes(location.data.bytes)} on disk in{' '}
              {location.data.files.toLocaleString('en-US')}{' '}
              {location.data.files === 1 ? 'file' : 'files'}: the library, the downloads journal,
              the cache and kept raw files)
              {location.data.moving && ` — being moved to ${location.data.moving.to}`}
            </Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => setMoving(true)}
              disabled={location.data.moving !== null}
              data-testid="move-data"
            >
              Move…
            </Button>
          </Group>
        )}
      </Stack>
      {importing && <ImportPinModal onClose={() => setImporting(false)} />}
      {moving && location.data && (
        <MoveDataModal
          folder={location.data.folder}
          bytes={location.data.bytes}
          onClose={() => setMoving(false)}
        />
      )}
    </Paper>
  )
}
