import { Group, Stack, Text } from '@mantine/core'
import type { Person } from '../../../shared/ipc/channels/groups'

/**
 * How a person is named everywhere: name, affiliation below it; an unknown account by its id.
 * In rows and pickers long names end in "…" (full on hover); `wrap` lets a card with room to
 * spare, such as a group's page, show them whole.
 */
export function PersonLine({
  person,
  badge,
  wrap = false,
}: {
  person: Person
  badge?: React.ReactNode
  wrap?: boolean
}) {
  const cut = wrap ? { style: { overflowWrap: 'anywhere' as const } } : { truncate: 'end' as const }
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text
          size="sm"
          fw={500}
          {...cut}
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
          {...cut}
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
