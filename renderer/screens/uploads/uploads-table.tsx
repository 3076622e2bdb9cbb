import { Anchor, Stack, Table, Text } from '@mantine/core'
import type { UploadSummary } from '../../../shared/ipc/channels/uploads'
import { formatExact, formatPast } from '../../components/relative-time'
import { UploadBadges } from './upload-badges'

export const uploadHref = (serverId: string, uploadId: string) =>
  `#/uploads/${encodeURIComponent(serverId)}/${encodeURIComponent(uploadId)}`

/** One page of uploads: name (a link to the upload page) and id, created, state, entries, members. */
export function UploadsTable({ serverId, items }: { serverId: string; items: UploadSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing={6} data-testid="uploads-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Upload</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th ta="right">Entries</Table.Th>
            <Table.Th ta="right">Members</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((upload) => (
            <Table.Tr key={upload.uploadId} data-testid="uploads-row" data-upload={upload.uploadId}>
              <Table.Td maw={380}>
                <Stack gap={0}>
                  <Anchor
                    href={uploadHref(serverId, upload.uploadId)}
                    size="sm"
                    fw={600}
                    lineClamp={2}
                    style={{ overflowWrap: 'anywhere' }}
                    data-testid="uploads-open"
                  >
                    {upload.name ?? 'Unnamed upload'}
                  </Anchor>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {upload.uploadId}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  title={upload.createTime ? formatExact(upload.createTime) : undefined}
                >
                  {upload.createTime ? formatPast(upload.createTime) : '—'}
                </Text>
              </Table.Td>
              <Table.Td miw={130}>
                <UploadBadges upload={upload} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{upload.entries.toLocaleString('en-US')}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {upload.memberCount}
                  {upload.groupCount > 0
                    ? ` + ${upload.groupCount} group${upload.groupCount === 1 ? '' : 's'}`
                    : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
