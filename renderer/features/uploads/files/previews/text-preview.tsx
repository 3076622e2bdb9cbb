import { Button, Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core'
import { IconFileUnknown } from '@tabler/icons-react'
import type { FileKind } from '../../../../../shared/ipc/models/file-kind'
import { ViewerError } from '../../../../components/viewer-error'
import { formatBytes, formatExact } from '../format-bytes'
import { CodeLines } from './code-lines'
import { useFileChunks, type FileRef } from './use-file-chunks'

/**
 * A text file in chunks: line numbers, colours for known languages, "Load more" for the next
 * chunk. Binary bytes are named as such with the file's size and kind; .gz/.xz files are read
 * through the server's decompress option.
 */
export function TextPreview({
  file,
  kind,
  size,
}: {
  file: FileRef
  kind: FileKind
  /** From the folder's listing, when known. */
  size?: number
}) {
  const chunks = useFileChunks(file, kind.compressed !== undefined, size)
  const first = chunks.first
  if (chunks.isLoading)
    return (
      <Center h={160}>
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Reading the start of the file…
          </Text>
        </Group>
      </Center>
    )
  if (chunks.error && !first)
    return <ViewerError error={chunks.error} subject="file" onRetry={chunks.retry} />
  if (!first) return null
  if (first.kind === 'empty')
    return (
      <Text size="sm" c="dimmed" data-testid="preview-note">
        Empty file (0 bytes): nothing to show.
      </Text>
    )
  if (first.kind !== 'text')
    return (
      <Group gap="xs" wrap="nowrap" data-testid="preview-binary">
        <IconFileUnknown size={18} style={{ flex: 'none' }} />
        <Text size="sm">
          Binary file ({kind.label}), {formatBytes(first.size)}
          {formatExact(first.size)}: no text preview. Download it to open it with its own program.
        </Text>
      </Group>
    )
  const of = first.decompressed
    ? `unpacked from a ${formatBytes(first.size)} ${kind.compressed ?? ''} file`
    : `of ${formatBytes(first.size)}`
  return (
    <Stack gap="xs" style={{ minHeight: 0, flex: 1 }}>
      <Text size="xs" c="dimmed" data-testid="preview-note">
        {chunks.hasMore
          ? `Showing the first ${formatBytes(chunks.shownBytes)} ${of}.`
          : first.decompressed
            ? `All ${formatBytes(chunks.shownBytes)} ${of}.`
            : `The whole file, ${formatBytes(first.size)}.`}
        {first.encoding === 'latin-1' ? ' Read as Latin-1 (the file is not UTF-8).' : ''}
      </Text>
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
        <CodeLines parts={chunks.parts} language={kind.language} />
        {chunks.error && (
          <Text size="sm" c="red" p="xs">
            Could not read the next part: {chunks.error.message}
          </Text>
        )}
        {chunks.hasMore && (
          <Group p="xs">
            <Button
              size="xs"
              variant="light"
              loading={chunks.loadingMore}
              onClick={chunks.loadMore}
              data-testid="preview-load-more"
            >
              Load more
            </Button>
            <Text size="xs" c="dimmed">
              from byte {(chunks.nextOffset ?? 0).toLocaleString('en-US')}
            </Text>
          </Group>
        )}
      </ScrollArea>
    </Stack>
  )
}
