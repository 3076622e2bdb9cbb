import { Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core'
import { IconFileUnknown } from '@tabler/icons-react'
import { TruncatedText } from '../../../components/truncated-text'
import { ViewerError } from '../../../components/viewer-error'
import { useInvoke } from '../../../ipc/hooks'
import { formatBytes } from './format-bytes'
import classes from './file-browser.module.css'

/** The start of a file of an upload: text as it is, binary files named as such. */
export function FilePreview({
  serverId,
  uploadId,
  path,
}: {
  serverId: string
  uploadId: string
  path: string
}) {
  const preview = useInvoke('rawFiles.preview', { serverId, uploadId, path })
  const data = preview.data
  return (
    <Stack gap="xs" p="sm" style={{ minHeight: 0, flex: 1 }} data-testid="file-preview">
      <TruncatedText fw={600} size="sm" ff="monospace">
        {path.slice(path.lastIndexOf('/') + 1)}
      </TruncatedText>
      {preview.isLoading && (
        <Center h={160}>
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Reading the start of the file…
            </Text>
          </Group>
        </Center>
      )}
      {preview.error && (
        <ViewerError error={preview.error} subject="file" onRetry={() => void preview.refetch()} />
      )}
      {data?.kind === 'empty' && (
        <Text size="sm" c="dimmed" data-testid="preview-note">
          Empty file (0 bytes).
        </Text>
      )}
      {data?.kind === 'binary' && (
        <Group gap="xs" wrap="nowrap" data-testid="preview-binary">
          <IconFileUnknown size={18} />
          <Text size="sm">
            Binary file, {formatBytes(data.size)}
            {data.size >= 1024 ? ` (${data.size.toLocaleString('en-US')} bytes)` : ''}: no text
            preview. Download the upload’s files to open it with its own program.
          </Text>
        </Group>
      )}
      {data?.kind === 'text' && (
        <>
          <Text size="xs" c="dimmed" data-testid="preview-note">
            {data.shown < data.size
              ? `Showing the first ${formatBytes(data.shown)} of ${formatBytes(data.size)}.`
              : `The whole file, ${formatBytes(data.size)}.`}
            {data.encoding === 'latin-1' ? ' Read as Latin-1 (the file is not UTF-8).' : ''}
          </Text>
          <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
            <pre className={classes.text} data-testid="preview-text">
              {data.text}
            </pre>
          </ScrollArea>
        </>
      )}
    </Stack>
  )
}
