import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core'
import { IconCopy } from '@tabler/icons-react'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { useServers } from '../servers/use-servers'
import type { RequiredValue } from '../../../shared/archive/required'
import { requiredForPlace, requiredSnippet, type SnippetFormat } from './required-snippets'
import classes from './archive-viewer.module.css'

const FORMATS: { format: SnippetFormat; label: string }[] = [
  { format: 'python', label: 'Python' },
  { format: 'curl', label: 'curl' },
  { format: 'archive-query', label: 'ArchiveQuery' },
]

/**
 * The `required` that fetches just the selected place from the archive API, and the request
 * as code to copy: how to ask NOMAD for only this part instead of the whole archive.
 */
export function RequiredPanel({
  serverId,
  entryId,
  path,
}: {
  serverId: string
  entryId: string
  path: ArchivePath
}) {
  const required = requiredForPlace(path)
  return (
    <Stack gap={4} data-testid="archive-required">
      <Text size="xs" c="dimmed">
        Fetch only this with the API (required)
      </Text>
      <Code block className={classes.requiredJson} data-testid="archive-required-json">
        {JSON.stringify(required)}
      </Code>
      <RequiredCopyButtons serverId={serverId} entryId={entryId} required={required} />
    </Stack>
  )
}

/** The archive request for one entry with `required`, to copy as code (no token in it). */
export function RequiredCopyButtons({
  serverId,
  entryId,
  required,
}: {
  serverId: string
  entryId: string
  required: RequiredValue
}) {
  const { servers } = useServers()
  const baseUrl = servers.find((s) => s.id === serverId)?.baseUrl ?? 'https://<server>/api/v1'
  return (
    <Group gap={6}>
      {FORMATS.map(({ format, label }) => (
        <CopyButton key={format} value={requiredSnippet(format, baseUrl, entryId, required)}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<IconCopy size={12} />}
              onClick={copy}
              aria-label={`Copy the request as ${label}`}
              data-testid={`archive-copy-${format}`}
            >
              {copied ? 'Copied' : label}
            </Button>
          )}
        </CopyButton>
      ))}
    </Group>
  )
}
