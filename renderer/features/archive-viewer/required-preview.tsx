import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconRuler } from '@tabler/icons-react'
import type { RequiredValue } from '../../../shared/archive/required'
import { useMutationInvoke } from '../../ipc/hooks'
import { formatBytes, formatCount } from '../uploads/files/format-bytes'

/**
 * "Preview size": asks the server for this entry's archive with the builder's `required` and
 * shows how big the answer is and which top-level part makes it so; a `required` the server
 * rejects shows the server's own message. Measured again on demand, not on every tick.
 */
export function RequiredPreview({
  serverId,
  entryId,
  required,
}: {
  serverId: string
  entryId: string
  required: RequiredValue
}) {
  const preview = useMutationInvoke('archive.preview')
  const asked = JSON.stringify(required)
  const stale =
    preview.variables !== undefined && JSON.stringify(preview.variables.required) !== asked
  const data = stale ? undefined : preview.data
  return (
    <Stack gap={4} data-testid="required-preview">
      <Group gap="xs">
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconRuler size={12} />}
          loading={preview.isPending}
          onClick={() =>
            preview.mutate({
              serverId,
              entryId,
              required: required,
            })
          }
          data-testid="required-preview-run"
        >
          Preview size for this entry
        </Button>
        {stale && (
          <Text size="xs" c="dimmed">
            The ticks changed since the last preview.
          </Text>
        )}
      </Group>
      {data && (
        <Text size="xs" data-testid="required-preview-result">
          {formatBytes(data.bytes)} · {formatCount(data.sections)} sections ·{' '}
          {formatCount(data.quantities)} quantities
          {data.parts.length > 1 &&
            ` (${data.parts.map((p) => `${p.key} ${formatBytes(p.bytes)}`).join(', ')})`}
        </Text>
      )}
      {preview.error && !stale && (
        <Alert
          color="red"
          p="xs"
          title="The server rejected this required"
          data-testid="required-preview-error"
        >
          <Text size="xs">{preview.error.message}</Text>
        </Alert>
      )}
    </Stack>
  )
}
