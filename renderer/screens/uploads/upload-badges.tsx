import { Badge, Group } from '@mantine/core'
import type { UploadSummary } from '../../../shared/ipc/channels/uploads'

const STATE_COLOURS: Record<string, string> = {
  SUCCESS: 'teal',
  FAILURE: 'red',
  RUNNING: 'blue',
  PENDING: 'blue',
  WAITING_FOR_RESULT: 'blue',
}

/** Processing state, visibility and embargo as short badges. */
export function UploadBadges({ upload }: { upload: UploadSummary }) {
  const state = upload.processRunning ? 'RUNNING' : (upload.processStatus ?? 'unknown')
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        size="xs"
        variant="light"
        color={STATE_COLOURS[state] ?? 'gray'}
        title={upload.lastStatusMessage ?? undefined}
      >
        {state.toLowerCase().replaceAll('_', ' ')}
      </Badge>
      <Badge size="xs" variant="light" color={upload.published ? 'green' : 'yellow'}>
        {upload.published ? 'published' : 'unpublished'}
      </Badge>
      {upload.withEmbargo && (
        <Badge
          size="xs"
          variant="light"
          color="orange"
          title={`Embargo of ${upload.embargoLength} months`}
        >
          embargo {upload.embargoLength} mo
        </Badge>
      )}
    </Group>
  )
}
