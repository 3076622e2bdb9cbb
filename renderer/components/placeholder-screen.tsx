import { Badge, Group, List, Paper, Stack, ThemeIcon, Title } from '@mantine/core'
import { IconCircleDashed, type Icon } from '@tabler/icons-react'
import { ScreenHeader } from './screen-header'

/**
 * An honest placeholder: says what the section will offer and that it is not available yet.
 * It shows no sample data, so nothing on screen pretends to work.
 */
export function PlaceholderScreen({
  id,
  icon: SectionIcon,
  title,
  summary,
  plans,
}: {
  id: string
  icon: Icon
  title: string
  summary: string
  plans: string[]
}) {
  return (
    <Stack gap="lg" maw={760} data-testid={`screen-${id}`}>
      <ScreenHeader title={title} description={summary} />
      <Paper withBorder p="xl" radius="md">
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={52} radius="md" variant="light">
            <SectionIcon size={28} stroke={1.6} />
          </ThemeIcon>
          <Stack gap="sm" style={{ flex: 1 }}>
            <Group gap="sm">
              <Title order={2} size="h4">
                What this section will offer
              </Title>
              <Badge variant="light" color="gray" data-testid="not-available-badge">
                Not yet available in this version
              </Badge>
            </Group>
            <List
              spacing="xs"
              size="sm"
              icon={
                <ThemeIcon size={18} radius="xl" variant="transparent" color="gray">
                  <IconCircleDashed size={16} />
                </ThemeIcon>
              }
            >
              {plans.map((plan) => (
                <List.Item key={plan}>{plan}</List.Item>
              ))}
            </List>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  )
}
