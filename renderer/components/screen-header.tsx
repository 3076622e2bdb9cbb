import { Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * The title row every screen starts with: heading (the page's one h1, sized as before),
 * one-line purpose, optional actions.
 */
export function ScreenHeader({
  title,
  description,
  actions,
}: {
  title: string
  description: string
  actions?: ReactNode
}) {
  return (
    // Wraps: zoomed to 200 % the actions move below the title instead of squeezing its text
    // into a column one word wide.
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
      <Stack gap={4} style={{ flex: '1 1 360px', minWidth: 0 }}>
        {/* The screen's one h1, at the size the screens were designed with. */}
        <Title order={1} size="h2" data-testid="screen-title">
          {title}
        </Title>
        <Text c="dimmed" size="sm" maw={640}>
          {description}
        </Text>
      </Stack>
      {actions}
    </Group>
  )
}
