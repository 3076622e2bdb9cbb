import { Alert, List, Text } from '@mantine/core'
import { IconClockExclamation } from '@tabler/icons-react'
import { useState } from 'react'
import { queryKeyFor, useEvent, useInvoke } from '../../ipc/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { formatExact, formatRelative } from '../../components/relative-time'

/**
 * In-app expiry reminders for stored tokens (web mode has no OS notifications): which expire
 * within the chosen number of days and which have expired and are no longer used.
 */
export function RemindersBanner({ onOpenTokens }: { onOpenTokens?: () => void }) {
  const queryClient = useQueryClient()
  const reminders = useInvoke('tokens.reminders', {})
  useEvent('tokens.reminders', (payload) =>
    queryClient.setQueryData(queryKeyFor('tokens.reminders', {}), payload),
  )
  const [dismissed, setDismissed] = useState<string>('')
  const items = reminders.data?.items ?? []
  const signature = items.map((i) => `${i.storedId}:${i.expired}`).join(',')
  if (items.length === 0 || dismissed === signature) return null
  return (
    <Alert
      color="orange"
      variant="light"
      mb="lg"
      icon={<IconClockExclamation size={20} />}
      title={
        items.some((i) => i.expired)
          ? 'A stored token has expired'
          : `A stored token expires within ${reminders.data?.reminderDays ?? 7} days`
      }
      withCloseButton
      onClose={() => setDismissed(signature)}
      data-testid="reminders-banner"
    >
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={item.storedId}>
            <Text size="sm" span fw={600}>
              “{item.name}”
            </Text>{' '}
            {item.kind === 'app-token' ? '(app token) ' : ''}on {item.serverName}{' '}
            {item.expired
              ? 'has expired and is no longer used.'
              : item.daysLeft <= 0
                ? 'expires today.'
                : `expires ${formatRelative(item.expiresAt)} (${formatExact(item.expiresAt)}).`}
          </List.Item>
        ))}
      </List>
      {onOpenTokens && (
        <Text
          size="sm"
          mt={6}
          c="orange"
          fw={600}
          style={{ cursor: 'pointer' }}
          onClick={onOpenTokens}
        >
          Rotate or replace them on the Tokens screen
        </Text>
      )}
    </Alert>
  )
}
