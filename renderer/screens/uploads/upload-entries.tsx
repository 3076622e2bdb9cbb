import { Anchor, Center, Loader, Stack, Table, Text } from '@mantine/core'
import { keepPreviousData } from '@tanstack/react-query'
import { useState } from 'react'
import { PagePicker } from './page-picker'
import { ViewerError } from '../../components/viewer-error'
import { useInvoke } from '../../ipc/hooks'

const PAGE_SIZE = 20

/** The upload's entries, paged: mainfile (opens the file browser at it), parser, state, archive. */
export function UploadEntries({
  serverId,
  uploadId,
  onShowFile,
}: {
  serverId: string
  uploadId: string
  onShowFile: (mainfile: string) => void
}) {
  const [page, setPage] = useState(1)
  const entries = useInvoke(
    'uploads.entries',
    { serverId, uploadId, page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  )
  if (entries.isLoading)
    return (
      <Center h={120}>
        <Loader size="sm" role="status" aria-label="Loading the entries" />
      </Center>
    )
  if (entries.error)
    return (
      <ViewerError error={entries.error} subject="upload" onRetry={() => void entries.refetch()} />
    )
  const data = entries.data
  if (!data || data.total === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="upload-entries-empty">
        No entries: the server found no file it could parse in this upload (yet).
      </Text>
    )
  const pages = Math.ceil(data.total / PAGE_SIZE)
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {data.total.toLocaleString('en-US')} entries · {data.processingSuccessful} processed,{' '}
        {data.processingFailed} failed
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing={4} data-testid="upload-entries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Main file</Table.Th>
              <Table.Th>Formula</Table.Th>
              <Table.Th>Parser</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Archive</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((entry) => (
              <Table.Tr key={entry.entryId} data-testid="upload-entry">
                <Table.Td maw={360}>
                  {entry.mainfile ? (
                    <Anchor
                      component="button"
                      size="sm"
                      ff="monospace"
                      style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                      onClick={() => entry.mainfile && onShowFile(entry.mainfile)}
                      aria-label={`Show ${entry.mainfile} among the upload's files`}
                    >
                      {entry.mainfile}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.formula ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.parserName?.replace(/^parsers\//, '') ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.processStatus?.toLowerCase() ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    size="sm"
                    href={`#/archive/${encodeURIComponent(serverId)}/${encodeURIComponent(entry.entryId)}`}
                    data-testid="upload-entry-archive"
                  >
                    Open
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagePicker pages={pages} page={page} onChange={setPage} label="Pages of entries" />
    </Stack>
  )
}
