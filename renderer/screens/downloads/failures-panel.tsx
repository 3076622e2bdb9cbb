import {
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { keepPreviousData } from '@tanstack/react-query'
import { useState } from 'react'
import type { FailedItem } from '../../../shared/ipc/channels/downloads'
import { ErrorAlert } from '../../components/error-alert'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'

/** Failed items per page. */
export const FAILURES_PAGE = 50

const KINDS: Record<FailedItem['kind'], { label: string; color: string; explain: string }> = {
  refused: {
    label: 'Refused',
    color: 'gray.7',
    explain:
      'The server gave a name that is unsafe on this computer (a “..” part, an absolute path, a reserved or over-long name); nothing was written.',
  },
  retryable: {
    label: 'Retryable',
    color: 'orange.9',
    explain: 'A network or server problem; retrying may fetch it.',
  },
  permanent: {
    label: 'Permanent',
    color: 'red.9',
    explain: 'The server refused this item; retrying will not change that.',
  },
}

/** A job's failed items, a page at a time: path, kind, the server's reason, per-item retry. */
export function FailuresPanel({ jobId }: { jobId: string }) {
  const [page, setPage] = useState(1)
  const failures = useInvoke(
    'downloads.failures',
    { jobId, offset: (page - 1) * FAILURES_PAGE, limit: FAILURES_PAGE },
    // The page on screen stays while the next one loads: no jump to a spinner and back.
    { staleTime: 0, placeholderData: keepPreviousData },
  )
  const retry = useMutationInvoke('downloads.retry', {
    onSuccess: () => void failures.refetch(),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not retry', message: error.message }),
  })
  if (failures.isPending)
    return <Loader size="sm" role="status" aria-label="Loading failed items" />
  if (failures.error) return <ErrorAlert error={failures.error} />
  const { total, items } = failures.data
  const pages = Math.max(1, Math.ceil(total / FAILURES_PAGE))
  return (
    <Stack gap="xs" data-testid="failures-panel" data-total={total}>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} fz="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Tries</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const kind = KINDS[item.kind]
              return (
                <Table.Tr key={item.path} data-testid="failure-row">
                  <Table.Td style={{ wordBreak: 'break-all' }} ff="monospace">
                    {item.path}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      color={kind.color}
                      variant="filled"
                      size="sm"
                      title={kind.explain}
                      // A narrow table must not cut the word down to "RE…".
                      style={{ minWidth: 'max-content' }}
                    >
                      {kind.label}
                    </Badge>
                    {item.kind === 'refused' && (
                      <Text size="xs" c="dimmed" mt={2} data-testid="failure-refused-note">
                        {kind.explain}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-testid="failure-reason">{item.reason}</Table.Td>
                  <Table.Td>{item.attempts}</Table.Td>
                  <Table.Td>
                    {item.kind !== 'refused' && (
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => retry.mutate({ jobId, paths: [item.path] })}
                        aria-label={`Retry ${item.path}`}
                        data-testid="failure-retry"
                      >
                        Retry
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {total.toLocaleString('en-US')} failed items
          </Text>
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            data-testid="failures-pages"
          />
        </Group>
      )}
    </Stack>
  )
}
