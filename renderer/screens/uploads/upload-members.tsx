import { Badge, Table, Text } from '@mantine/core'
import type { UploadMember } from '../../../shared/ipc/channels/uploads'

const ROLE_LABEL: Record<UploadMember['role'], string> = {
  main_author: 'Main author',
  coauthor: 'Coauthor',
  reviewer: 'Reviewer',
}

/** Who shares the upload, read-only: people and groups by role, names as the server knows them. */
export function UploadMembers({ members }: { members: UploadMember[] }) {
  return (
    <Table verticalSpacing={4} data-testid="upload-members" aria-label="Members">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Role</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Affiliation</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((member) => (
          <Table.Tr key={`${member.role}/${member.kind}/${member.id}`} data-testid="upload-member">
            <Table.Td>
              <Text size="sm">{ROLE_LABEL[member.role]}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" span>
                {member.name ?? (
                  <Text span c="dimmed" size="sm" ff="monospace">
                    {member.id}
                  </Text>
                )}
              </Text>{' '}
              {member.kind === 'group' && (
                <Badge size="xs" variant="outline">
                  group
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {member.affiliation ?? ''}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
