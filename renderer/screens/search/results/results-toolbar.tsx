import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { LazyTooltip } from '../../../components/lazy-tooltip'
import {
  IconCloudDownload,
  IconColumnInsertRight,
  IconCopy,
  IconFileExport,
  IconPin,
  IconX,
} from '@tabler/icons-react'
import { memo, useSyncExternalStore } from 'react'
import { DeferredSelect } from '../../../components/deferred-select'
import { countRender } from '../../../components/render-count'
import type { QuantityCatalogue } from '../../../../shared/query'
import { formatCount } from '../model/format'
import { quantityLabel } from '../model/labels'
import { PAGE_SIZES } from '../state/session'
import { BULK_HOOKS, bulkAction, subscribeBulkActions } from './bulk-actions'
import { ColumnPicker, MAX_COLUMNS } from './column-picker'
import type { PageStore } from './page-store'
import { usePageStoreValue } from './use-page-store'
import { describeSelection, selectedCount, type BulkTarget, type Selection } from './selection'

interface TableSettingsProps {
  catalogue: QuantityCatalogue
  columns: string[]
  onColumns: (columns: string[]) => void
  /** Quantities filtered on that the table does not show: offered as columns. */
  missingFilterColumns: string[]
  pageSize: number
  onPageSize: (size: number) => void
}

export function ResultsToolbar({
  store,
  selection,
  onClearSelection,
  target,
  ...settings
}: TableSettingsProps & {
  store: PageStore
  selection: Selection
  onClearSelection: () => void
  target: () => BulkTarget
}) {
  countRender('search-toolbar')
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <ResultsCount store={store} />
        <ResultsAnnouncer store={store} />
        <TableSettings {...settings} />
      </Group>
      <SelectionBar
        store={store}
        selection={selection}
        onClearSelection={onClearSelection}
        target={target}
      />
    </Stack>
  )
}

/**
 * Page size and columns. Memoised: a new search (a new store) re-renders the toolbar, and its
 * pickers, whose props a submit does not change, are work the first row should not wait for.
 */
const TableSettings = memo(function TableSettings({
  catalogue,
  columns,
  onColumns,
  missingFilterColumns,
  pageSize,
  onPageSize,
}: TableSettingsProps) {
  countRender('search-table-settings')
  return (
    <Group gap="xs" wrap="wrap">
      <AddFilterColumns
        missing={missingFilterColumns}
        onAdd={() => onColumns([...columns, ...missingFilterColumns].slice(0, MAX_COLUMNS))}
      />
      <DeferredSelect
        size="xs"
        w={120}
        value={String(pageSize)}
        onChange={(v) => v && onPageSize(Number(v))}
        data={[...new Set([...PAGE_SIZES, pageSize])]
          .sort((a, b) => a - b)
          .map((n) => ({ value: String(n), label: `${n} per page` }))}
        allowDeselect={false}
        aria-label="Results per page"
        data-testid="page-size"
      />
      <ColumnPicker catalogue={catalogue} columns={columns} onChange={onColumns} />
    </Group>
  )
})

/**
 * What is selected and what can be done with it. It follows the total itself, so a page
 * arriving does not re-render the rest of the toolbar.
 */
function SelectionBar({
  store,
  selection,
  onClearSelection,
  target,
}: {
  store: PageStore
  selection: Selection
  onClearSelection: () => void
  target: () => BulkTarget
}) {
  countRender('search-selection-bar')
  const total = usePageStoreValue(store, (s) => s.total)
  const count = total === null ? 0 : selectedCount(selection, total)
  return count > 0 && total !== null ? (
    <SelectionActions
      selection={selection}
      total={total}
      onClearSelection={onClearSelection}
      target={target}
    />
  ) : null
}

const ICONS = {
  download: IconCloudDownload,
  'export-archive': IconFileExport,
  'pin-offline': IconPin,
} as const

/**
 * The selection bar's content. It alone follows the features' bulk actions, which register in
 * an effect of the shell: followed by the empty bar too, that registration rendered the bar a
 * second time before the first paint.
 */
function SelectionActions({
  selection,
  total,
  onClearSelection,
  target,
}: {
  selection: Selection
  total: number
  onClearSelection: () => void
  target: () => BulkTarget
}) {
  // Re-render when a feature registers its bulk action.
  useSyncExternalStore(subscribeBulkActions, () => BULK_HOOKS.map((h) => !!bulkAction(h.id)).join())
  return (
    <Group gap={4} wrap="wrap" data-testid="selection-bar">
      <Text size="sm" c="indigo" fw={600} data-testid="selection-summary" mr={4}>
        {describeSelection(selection, total)}
      </Text>
      {BULK_HOOKS.map((hook) => {
        const action = bulkAction(hook.id)
        const Icon = ICONS[hook.id]
        const button = (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<Icon size={12} />}
            disabled={!action}
            onClick={() => void action?.run(target())}
            data-testid={`bulk-${hook.id}`}
          >
            {action?.label ?? hook.label}
          </Button>
        )
        return action ? (
          <span key={hook.id}>{button}</span>
        ) : (
          <LazyTooltip key={hook.id} label={hook.pending} multiline w={260}>
            <span>{button}</span>
          </LazyTooltip>
        )
      })}
      {selection.mode === 'ids' && (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconCopy size={12} />}
          onClick={() => void navigator.clipboard?.writeText([...selection.ids].join('\n'))}
          data-testid="copy-ids"
        >
          Copy IDs
        </Button>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        leftSection={<IconX size={12} />}
        onClick={onClearSelection}
      >
        Clear selection
      </Button>
    </Group>
  )
}

/** One click adds a column for each filtered quantity the table does not show yet. */
function AddFilterColumns({ missing, onAdd }: { missing: string[]; onAdd: () => void }) {
  if (missing.length === 0) return null
  const names = missing.map(quantityLabel)
  const label = missing.length === 1 ? `Show ${names[0] ?? ''}` : `Show ${missing.length} filtered`
  return (
    <LazyTooltip
      label={`Add a column for what you filter on: ${names.join(', ')}`}
      multiline
      w={260}
      openDelay={300}
    >
      <Button
        size="xs"
        variant="light"
        leftSection={<IconColumnInsertRight size={14} />}
        onClick={onAdd}
        aria-label={`Add columns for the filtered quantities: ${names.join(', ')}`}
        data-testid="add-filter-columns"
        maw={180}
      >
        <Text size="xs" fw={600} truncate>
          {label}
        </Text>
      </Button>
    </LazyTooltip>
  )
}

/** "N of total": its own component, as it changes with every page that arrives. */
function ResultsCount({ store }: { store: PageStore }) {
  const known = usePageStoreValue(store, (s) => s.known)
  const total = usePageStoreValue(store, (s) => s.total)
  const failed = usePageStoreValue(store, (s) => s.error !== null && s.total === null)
  return (
    <Text
      size="sm"
      fw={600}
      data-testid="results-count"
      data-known={known}
      data-total={total ?? ''}
      style={{ whiteSpace: 'nowrap' }}
    >
      {total === null
        ? failed
          ? 'No results'
          : 'Searching…'
        : `${formatCount(known)} of ${formatCount(total)}`}
    </Text>
  )
}

/** Said once per search ("1,234 results"), not on every page the table loads. */
function ResultsAnnouncer({ store }: { store: PageStore }) {
  const total = usePageStoreValue(store, (s) => s.total)
  const failed = usePageStoreValue(store, (s) => s.error !== null && s.total === null)
  return (
    <VisuallyHidden role="status" data-testid="results-announcer">
      {total === null ? (failed ? 'No results' : '') : `${formatCount(total)} results`}
    </VisuallyHidden>
  )
}
