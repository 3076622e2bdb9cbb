import {
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core'
import { IconFileUnknown } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { fileKind } from '../../../../../shared/ipc/models/file-kind'
import { TruncatedText } from '../../../../components/truncated-text'
import { ViewerError } from '../../../../components/viewer-error'
import { formatBytes, formatExact } from '../format-bytes'
import { CsvTable } from './csv-table'
import { parseStructured, type Parsed } from './parse-structured'
import classes from './previews.module.css'
import { StructuredTree } from './structured-tree'
import { TextPreview } from './text-preview'
import type { FileRef } from './use-file-chunks'
import { useWholeFile } from './use-whole-file'

/** Above these sizes a whole-file view asks first ("Preview anyway"); text never needs to. */
export const GATES = { image: 8 * 1024 * 1024, structured: 2 * 1024 * 1024 }

function Gate({ what, size, onGo }: { what: string; size: number; onGo: () => void }) {
  return (
    <Stack gap="xs" align="flex-start" data-testid="preview-gate">
      <Text size="sm">
        This {what} is {formatBytes(size)}
        {formatExact(size)}. Previewing it reads the whole file over the network.
      </Text>
      <Button size="xs" variant="light" onClick={onGo} data-testid="preview-anyway">
        Preview anyway
      </Button>
    </Stack>
  )
}

function ImagePreview({ file, size }: { file: FileRef; size: number }) {
  const [go, setGo] = useState(size <= GATES.image)
  const image = useWholeFile(file, size, true, go)
  if (!go) return <Gate what="image" size={size} onGo={() => setGo(true)} />
  if (image.error)
    return <ViewerError error={image.error} subject="file" onRetry={() => void image.refetch()} />
  if (!image.data?.dataUrl) return <Loader size="sm" />
  return (
    <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
      <img
        className={classes.image}
        src={image.data.dataUrl}
        alt={`Preview of ${image.data.name}`}
        data-testid="preview-image"
      />
    </ScrollArea>
  )
}

function StructuredPreview({
  file,
  size,
  as,
}: {
  file: FileRef
  size: number
  as: 'json' | 'yaml' | 'csv'
}) {
  const [go, setGo] = useState(size <= GATES.structured)
  const whole = useWholeFile(file, size, false, go)
  const [parsed, setParsed] = useState<Parsed | null>(null)
  const text = whole.data?.text
  useEffect(() => {
    if (text === undefined) return
    let live = true
    void parseStructured(text, as).then((out) => live && setParsed(out))
    return () => {
      live = false
    }
  }, [text, as])
  if (!go) return <Gate what={`${as.toUpperCase()} file`} size={size} onGo={() => setGo(true)} />
  if (whole.error)
    return <ViewerError error={whole.error} subject="file" onRetry={() => void whole.refetch()} />
  if (whole.data && whole.data.kind !== 'text')
    return <Text size="sm">This file is {whole.data.kind}: nothing to parse.</Text>
  if (!parsed) return <Loader size="sm" />
  if (!parsed.ok)
    return (
      <Text size="sm" c="red" data-testid="preview-parse-error">
        Not valid {as.toUpperCase()}: {parsed.message}. Switch to Text to see the file as it is.
      </Text>
    )
  return (
    <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
      {parsed.kind === 'tree' ? (
        <StructuredTree value={parsed.value} format={as === 'json' ? 'JSON' : 'YAML'} />
      ) : (
        <CsvTable header={parsed.header} rows={parsed.rows} truncated={parsed.truncated} />
      )}
    </ScrollArea>
  )
}

/**
 * A file of an upload, previewed by its kind without downloading it: text in chunks, images,
 * JSON/YAML as a tree, CSV as a table (each also as Text), binary files named with their size.
 */
export function FilePreview({ file, size }: { file: FileRef; size: number | undefined }) {
  const name = file.path.slice(file.path.lastIndexOf('/') + 1)
  const kind = fileKind(name)
  const structured = kind.compressed ? undefined : kind.preview
  const rich = structured === 'json' || structured === 'yaml' || structured === 'csv'
  const [view, setView] = useState<'rich' | 'text'>('rich')
  return (
    <Stack
      gap="xs"
      p="sm"
      style={{ minHeight: 0, flex: 1 }}
      data-testid="file-preview"
      data-kind={kind.preview}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <TruncatedText fw={600} size="sm" ff="monospace">
          {name}
        </TruncatedText>
        {rich && (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(v) => setView(v === 'text' ? 'text' : 'rich')}
            data={[
              { value: 'rich', label: structured === 'csv' ? 'Table' : 'Tree' },
              { value: 'text', label: 'Text' },
            ]}
            aria-label="Show the file as"
          />
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {kind.label}
        {size === undefined ? '' : ` · ${formatBytes(size)}${formatExact(size)}`}
      </Text>
      {size === undefined ? (
        <Center h={120}>
          <Loader size="sm" />
        </Center>
      ) : kind.preview === 'image' ? (
        <ImagePreview file={file} size={size} />
      ) : rich && view === 'rich' && structured ? (
        <StructuredPreview file={file} size={size} as={structured} />
      ) : kind.preview === 'binary' && !kind.compressed ? (
        <Group gap="xs" wrap="nowrap" data-testid="preview-binary">
          <IconFileUnknown size={18} style={{ flex: 'none' }} />
          <Text size="sm">
            Binary file ({kind.label}), {formatBytes(size)}
            {formatExact(size)}: no preview. Download it to open it with its own program.
          </Text>
        </Group>
      ) : (
        <TextPreview file={file} kind={kind} size={size} />
      )}
    </Stack>
  )
}
