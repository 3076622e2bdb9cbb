import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import { IconArrowRight, IconLinkOff } from '@tabler/icons-react'
import type { ArchiveReference } from '../../../shared/archive/references'
import { jsonPathOf, type ArchivePath } from '../../../shared/ipc/channels/archive'
import { POINTERS_LIMIT } from './tree-references'
import type { FollowFailure } from './use-follow-reference'

/** The selected value is a reference: where it points, and the button that goes there. */
export function ReferenceInfo({
  reference,
  text,
  following,
  onFollow,
}: {
  reference: ArchiveReference
  text: string
  following: boolean
  onFollow: () => void
}) {
  return (
    <Stack gap={4} data-testid="archive-ref-info">
      <Text size="xs" c="dimmed">
        Reference
        {reference.kind === 'local' && reference.legacy ? ' (legacy form)' : ''}
        {reference.kind === 'entry' ? ' to another entry' : ''}
      </Text>
      {reference.kind === 'unsupported' ? (
        <Text size="sm">{reference.reason}</Text>
      ) : (
        <Button
          size="xs"
          variant="light"
          rightSection={<IconArrowRight size={14} />}
          onClick={onFollow}
          loading={following}
          style={{ alignSelf: 'flex-start' }}
          data-testid="archive-follow"
        >
          Go to {text}
        </Button>
      )}
    </Stack>
  )
}

/** A reference that could not be followed: why, and the value as the archive has it. */
export function FollowFailureAlert({
  failure,
  onClose,
}: {
  failure: FollowFailure
  onClose: () => void
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconLinkOff size={16} />}
      title="Could not follow the reference"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      p="xs"
      data-testid="archive-follow-error"
    >
      <Text size="xs">{failure.reason}</Text>
      <Text size="xs" ff="monospace" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {failure.raw}
      </Text>
    </Alert>
  )
}

/** "What points here": the loaded references to the selected section, each one a link. */
export function PointsHere({
  sources,
  onSelect,
}: {
  sources: ArchivePath[]
  onSelect: (path: ArchivePath) => void
}) {
  return (
    <Stack gap={2} data-testid="archive-points-here">
      <Text size="xs" c="dimmed">
        What points here ({sources.length}
        {sources.length >= POINTERS_LIMIT ? '+' : ''} in the loaded parts)
      </Text>
      {sources.length === 0 && (
        <Text size="xs" c="dimmed">
          No loaded reference points here. Open more sections to search them too.
        </Text>
      )}
      {sources.slice(0, 20).map((path) => (
        <Anchor
          key={jsonPathOf(path)}
          component="button"
          size="xs"
          ff="monospace"
          ta="left"
          onClick={() => onSelect(path)}
        >
          {jsonPathOf(path)}
        </Anchor>
      ))}
      {sources.length > 20 && (
        <Text size="xs" c="dimmed">
          and {sources.length - 20} more
        </Text>
      )}
    </Stack>
  )
}
