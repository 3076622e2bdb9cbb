import { Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconMinus, IconPencil, IconPlus } from '@tabler/icons-react'
import type { GroupChanges } from '../../../shared/groups'
import type { Person } from '../../../shared/ipc/channels/groups'
import { personName } from '../../features/user-picker/person-line'

/**
 * What saving will change, in words: the rename, who is added, who is removed. The server
 * replaces the whole member list, so this is the user's last look before that happens.
 */
export function ChangePreview({
  changes,
  people,
  title = 'Saving will',
  testId = 'change-preview',
}: {
  changes: GroupChanges
  people: ReadonlyMap<string, Person>
  title?: string
  testId?: string
}) {
  const name = (id: string) => {
    const person = people.get(id)
    return person ? personName(person) : id
  }
  const none = changes.rename === null && changes.added.length === 0 && changes.removed.length === 0
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        {none ? (
          <Text size="sm" c="dimmed" data-testid={`${testId}-none`}>
            Nothing has changed yet.
          </Text>
        ) : (
          <List spacing={4} size="sm" listStyleType="none">
            {changes.rename && (
              <Line icon={<IconPencil size={12} />} color="blue" testId={`${testId}-rename`}>
                rename the group from “{changes.rename.from}” to “{changes.rename.to}”
              </Line>
            )}
            {changes.added.map((id) => (
              <Line key={id} icon={<IconPlus size={12} />} color="teal" testId={`${testId}-added`}>
                add {name(id)}
              </Line>
            ))}
            {changes.removed.map((id) => (
              <Line
                key={id}
                icon={<IconMinus size={12} />}
                color="red"
                testId={`${testId}-removed`}
              >
                remove {name(id)}
              </Line>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  )
}

function Line({
  icon,
  color,
  children,
  testId,
}: {
  icon: React.ReactNode
  color: string
  children: React.ReactNode
  testId: string
}) {
  return (
    <List.Item data-testid={testId}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <ThemeIcon size={18} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Group>
    </List.Item>
  )
}
