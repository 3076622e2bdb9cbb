import { Alert, Button, CopyButton, Group, ScrollArea, Stack, Text } from '@mantine/core'
import { IconCopy, IconInfoCircle } from '@tabler/icons-react'
import { useMemo, useState, type ReactNode } from 'react'
import type { AppError } from '../../../shared/errors'
import { jsonPathOf, type ArchivePath } from '../../../shared/ipc/channels/archive'
import { ErrorAlert } from '../../components/error-alert'
import { RetryButton } from '../../components/retry-button'
import { TruncatedText } from '../../components/truncated-text'
import { useIpcClient } from '../../ipc/client-context'
import { isComplete, loadedCount, toJson, type NumberUnit, type TreeNode } from './archive-model'
import { formatNumber } from './format-number'
import { jsonPreview } from './json-preview'
import classes from './archive-viewer.module.css'

/** Strings longer than this are cut until "Show all" is pressed. */
const STRING_PREVIEW = 2_000
/** JSON of a section shown here at most; "Copy value" copies all of it. */
const JSON_PREVIEW = 20_000

function describe(node: TreeNode | undefined): string {
  if (node === undefined || node.t === 'lazy') return 'Not loaded yet'
  if (node.t === 'object') return `Section · ${node.keys.length} keys`
  if (node.t === 'list') {
    const loaded = loadedCount(node)
    const kind = node.of === 'section' ? 'List of sections' : 'List of values'
    return `${kind} · ${node.length.toLocaleString('en-US')} items${loaded < node.length ? ` (${loaded.toLocaleString('en-US')} loaded)` : ''}`
  }
  const v = node.value
  if (typeof v === 'string') return `Text · ${v.length.toLocaleString('en-US')} characters`
  return v === null ? 'null' : typeof v === 'number' ? 'Number' : 'Boolean'
}

/** The selected node: where it is (JSON path), what it is, its value, and the copy actions. */
export function NodeDetails({
  serverId,
  entryId,
  path,
  node,
  error,
  onRetry,
  extra,
  unit,
}: {
  serverId: string
  entryId: string
  path: ArchivePath
  node: TreeNode | undefined
  error: AppError | undefined
  onRetry: () => void
  /** Shown under the actions: a reference's target, what points here. */
  extra?: ReactNode
  /** The unit numbers here are shown in; the SI value is shown beside a converted one. */
  unit?: NumberUnit
}) {
  const client = useIpcClient()
  const [fullString, setFullString] = useState(false)
  const [copy, setCopy] = useState<
    { state: 'busy' | 'done' } | { state: 'error'; error: AppError }
  >()
  const jsonPath = jsonPathOf(path)
  const complete = useMemo(() => isComplete(node), [node])
  // A section is written only as far as the pane shows it, unless all of it is asked for.
  const section = useMemo(
    () =>
      complete && node !== undefined && node.t !== 'value'
        ? fullString
          ? { text: JSON.stringify(toJson(node), null, 2), cut: false }
          : jsonPreview(node, JSON_PREVIEW)
        : undefined,
    [node, complete, fullString],
  )

  async function copyValue() {
    setCopy({ state: 'busy' })
    try {
      const text = complete
        ? JSON.stringify(toJson(node), null, 2)
        : (await client.invoke('archive.json', { serverId, entryId, path })).text
      await navigator.clipboard.writeText(text)
      setCopy({ state: 'done' })
    } catch (failure) {
      setCopy({ state: 'error', error: failure as AppError })
    }
  }

  const text = node?.t === 'value' && typeof node.value === 'string' ? node.value : section?.text
  const limit = node?.t === 'value' ? STRING_PREVIEW : JSON_PREVIEW
  const cut = section ? section.cut : text !== undefined && !fullString && text.length > limit

  return (
    <Stack
      gap="sm"
      p="sm"
      className={classes.details}
      data-testid="archive-details"
      style={{ minHeight: 0, flex: 1 }}
    >
      <TruncatedText fw={600} size="sm" ff="monospace">
        {String(path[path.length - 1] ?? 'Archive')}
      </TruncatedText>
      <Text size="xs" c="dimmed">
        {describe(node)}
      </Text>
      <Text
        size="xs"
        ff="monospace"
        style={{ overflowWrap: 'anywhere' }}
        data-testid="archive-path"
      >
        {jsonPath}
      </Text>
      <Group gap="xs">
        <CopyButton value={jsonPath}>
          {({ copied, copy: copyPath }) => (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} />}
              onClick={copyPath}
              data-testid="copy-json-path"
            >
              {copied ? 'Copied' : 'Copy JSON path'}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCopy size={14} />}
          loading={copy?.state === 'busy'}
          disabled={path.length === 0}
          onClick={() => void copyValue()}
          data-testid="copy-value"
        >
          {copy?.state === 'done' ? 'Copied' : 'Copy value'}
        </Button>
      </Group>
      {extra}
      {copy?.state === 'error' && (
        <ErrorAlert error={copy.error} title="Could not copy the value" />
      )}
      {error && (
        <Stack gap={6}>
          <ErrorAlert error={error} />
          <Group>
            <RetryButton onRetry={onRetry} />
          </Group>
        </Stack>
      )}
      {!complete && node?.t !== 'value' && !error && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />} p="xs">
          <Text size="xs">
            Parts of this are not loaded yet. Expand them in the tree, or use Copy value to get it
            whole.
          </Text>
        </Alert>
      )}
      {text !== undefined && (
        <ScrollArea className={classes.detailsValue} type="auto" offsetScrollbars>
          <pre className={classes.value} data-testid="archive-value">
            {cut ? `${text.slice(0, limit)}…` : text}
          </pre>
          {cut && (
            <Button size="compact-xs" variant="subtle" mt={4} onClick={() => setFullString(true)}>
              {section ? 'Show all' : `Show all ${text.length.toLocaleString('en-US')} characters`}
            </Button>
          )}
        </ScrollArea>
      )}
      {node?.t === 'value' && typeof node.value !== 'string' && (
        <pre className={classes.value} data-testid="archive-value">
          {typeof node.value === 'number' && unit
            ? `${formatNumber(unit.convert(node.value))} ${unit.symbol}`
            : String(node.value)}
        </pre>
      )}
      {node?.t === 'value' && typeof node.value === 'number' && unit && (
        <Text size="xs" c="dimmed" data-testid="archive-value-si">
          As stored (SI): {String(node.value)}
        </Text>
      )}
    </Stack>
  )
}
