import { Group, Stack, Text } from '@mantine/core'
import type { Person } from '../../../shared/ipc/channels/groups'

/** How a person is named everywhere: name, affiliation below it; an unknown account by its id. */
export function PersonLine({ person, badge }: { person: Person; badge?: React.ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text
          size="sm"
          fw={500}
          truncate="end"
          title={person.name ?? person.userId}
          data-testid="person-name"
        >
          {person.name ?? (person.known ? person.userId : `Unknown user ${person.userId}`)}
        </Text>
        {badge}
      </Group>
      {person.affiliation && (
        <Text
          size="xs"
          c="dimmed"
          truncate="end"
          title={person.affiliation}
          data-testid="person-affiliation"
        >
          {person.affiliation}
        </Text>
      )}
    </Stack>
  )
}

/** The name to use in sentences. */
export const personName = (person: Person) => person.name ?? person.userId
