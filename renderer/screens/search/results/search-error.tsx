import { Button, Group, Text } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { RetryButton } from '../../../components/retry-button'
import type { AppError } from '../../../../shared/errors'

/** The next step after a failed search, by error code (ux-anchors §4.3: no generic "try again"). */
export function SearchErrorActions({
  error,
  onRetry,
  onOwner,
}: {
  error: Error
  onRetry: () => void
  onOwner: (owner: 'public') => void
}) {
  const code = (error as Partial<AppError>).code
  if (code === 'auth_required')
    return (
      <Group gap="sm">
        <IconLock size={16} />
        <Text size="sm">
          Sign in to see your own or shared entries, or search public data instead.
        </Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => onOwner('public')}
          data-testid="use-public"
        >
          Search public entries
        </Button>
      </Group>
    )
  if (code === 'invalid_input')
    return (
      <Text size="sm" c="dimmed">
        The server did not accept the query. Fix the part it names (the JSON view points at it) and
        search again.
      </Text>
    )
  return (
    <Group>
      <RetryButton onRetry={onRetry} testId="retry-search" />
      {(code === 'network' || code === 'throttled') && (
        <Text size="sm" c="dimmed">
          {code === 'throttled'
            ? 'The app already waits and retries within the server’s limits; trying again queues the search once more.'
            : 'Check the connection to the server (Servers section).'}
        </Text>
      )}
    </Group>
  )
}
