import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core'
import { IconMoodEmpty, IconRefresh } from '@tabler/icons-react'
import {
  useCallback,
  useMemo,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react'
import type { EntryRow } from '../../../../shared/ipc/channels/search'
import type { QuantityCatalogue } from '../../../../shared/query'
import {
  VirtualTable,
  type VirtualColumn,
  type VirtualTableHandle,
} from '../../../components/virtual-table/virtual-table'
import { quantityLabel } from '../model/labels'
import { formatCell } from './format-cell'
import type { PageStore } from './page-store'
import { isSelected, type Selection } from './selection'
import { SearchFailure } from './search-failure'

export interface ResultsTableProps {
  store: PageStore
  catalogue: QuantityCatalogue
  columns: string[]
  /** Widths the researcher set, by quantity (persisted with the search state). */
  widths: Record<string, number>
  onWidths: (widths: Record<string, number>) => void
  sort: { columnId: string; order: 'asc' | 'desc' } | null
  onSort: (columnId: string) => void
  selection: Selection
  onToggle: (id: string) => void
  onSelectAll: () => void
  onOpen: (id: string) => void
  onClearFilters: () => void
  onOwner: (owner: 'public') => void
  handle?: Ref<VirtualTableHandle>
}

/** About six characters and the ellipsis: enough to tell rows apart at a glance. */
const FREE_TEXT_FLOOR = 70
const FREE_TEXT = { elastic: true, floorWidth: FREE_TEXT_FLOOR }

/**
 * Bounds for fitting a column to its content, by what it holds: wide enough to read a typical
 * value, narrow enough that one long value (an author list, a long upload name) does not push
 * the other columns out of view. Free text is elastic: it gives way, down to FREE_TEXT_FLOOR,
 * before a short value (a program, a crystal system, a date) is cut; hovering shows it whole.
 * `width` is used until rows arrive.
 */
export function columnBounds(
  name: string,
  catalogue: QuantityCatalogue,
): Pick<VirtualColumn, 'width' | 'minWidth' | 'maxWidth' | 'elastic' | 'floorWidth'> {
  if (name === 'authors.name') return { width: 200, minWidth: 100, maxWidth: 320, ...FREE_TEXT }
  if (name.includes('formula')) return { width: 140, minWidth: 90, maxWidth: 220 }
  if (name.endsWith('_id')) return { width: 230, minWidth: 100, maxWidth: 280, ...FREE_TEXT }
  const q = catalogue.get(name)
  // A day ("2025-02-04", the time is on hover) is short and read whole: its minimum holds it.
  if (q?.type === 'datetime') return { width: 110, minWidth: 110, maxWidth: 160 }
  if (q?.type === 'float' || q?.type === 'int' || q?.type === 'bool')
    return { width: 110, minWidth: 70, maxWidth: 180 }
  if (q?.type === 'enum') return { width: 120, minWidth: 70, maxWidth: 200 }
  if (q?.many) return { width: 150, minWidth: 80, maxWidth: 260, ...FREE_TEXT }
  return { width: 150, minWidth: 80, maxWidth: 260 }
}

const STALE: CSSProperties = { height: '100%', opacity: 0.55, pointerEvents: 'none' }
const FRESH: CSSProperties = { height: '100%' }
const noRange = () => undefined

/**
 * The store whose rows the grid shows: `store`, or while a new search's first page travels,
 * the last store that had rows. Keeping the grid mounted with the previous rows (dimmed and
 * inert) instead of swapping it for a loader and back saves most of the main thread's work
 * between a click on Search and its first row: the answer then only replaces rows.
 */
function useRowsOnScreen(store: PageStore, total: number | null): PageStore | null {
  const [shown, setShown] = useState<PageStore | null>(null)
  // Adjusting state while rendering (React re-renders at once, before children see it).
  if (total !== null && shown !== store) setShown(store)
  return total !== null ? store : shown
}

/** The results grid with its empty, loading and error states. */
export function ResultsTable(props: ResultsTableProps) {
  const { catalogue, selection } = props
  const current = props.store
  const currentSnapshot = useSyncExternalStore(current.subscribe, current.getSnapshot)
  const onScreen = useRowsOnScreen(current, currentSnapshot.error ? 0 : currentSnapshot.total)
  const stale = onScreen !== null && onScreen !== current
  const store = onScreen ?? current
  const snapshot = stale ? store.getSnapshot() : currentSnapshot
  const columns = useMemo<VirtualColumn[]>(
    () =>
      props.columns.map((name) => {
        const q = catalogue.get(name)
        return {
          id: name,
          header: quantityLabel(name),
          title: q ? `${name}\n${q.description}` : name,
          ...columnBounds(name, catalogue),
          sortable: q?.sortable ?? false,
        }
      }),
    [props.columns, catalogue],
  )
  const cellText = useCallback(
    (row: EntryRow, columnId: string) =>
      formatCell(row.cells[columnId] ?? null, catalogue.get(columnId)),
    [catalogue],
  )
  const renderCell = useCallback(
    (row: EntryRow, columnId: string): ReactNode => {
      const cell = row.cells[columnId] ?? null
      const quantity = catalogue.get(columnId)
      const text = formatCell(cell, quantity)
      if (text === '') return <span style={{ color: 'var(--mantine-color-dimmed)' }}>—</span>
      // A native tooltip: rows mount by the dozen while scrolling, so the hover must cost nothing.
      return <span title={formatCell(cell, quantity, 'full')}>{text}</span>
    },
    [catalogue],
  )
  const rowAt = useCallback((index: number) => store.rowAt(index), [store])
  const onRangeChange = useCallback(
    (first: number, last: number) => store.ensureRange(first, last),
    [store],
  )
  const selected = useCallback((id: string) => isSelected(selection, id), [selection])

  if (snapshot.error && snapshot.known === 0)
    return (
      <SearchFailure error={snapshot.error} onRetry={() => store.retry()} onOwner={props.onOwner} />
    )
  if (snapshot.total === null && !stale)
    return (
      <Center h="100%" data-testid="results-loading">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            Searching…
          </Text>
        </Group>
      </Center>
    )
  if (snapshot.known === 0 && !stale)
    return (
      <Center h="100%" data-testid="results-empty">
        <Stack align="center" gap="xs" maw={420} ta="center">
          <IconMoodEmpty size={40} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No entries match this search</Text>
          <Text size="sm" c="dimmed">
            Remove a filter (the chips above the table), widen a range, or choose a broader owner.
            The count next to the Search button tells you what a change would find.
          </Text>
          <Button variant="light" onClick={props.onClearFilters} data-testid="clear-filters">
            Clear all filters
          </Button>
        </Stack>
      </Center>
    )

  const footer = snapshot.hasMore ? (
    snapshot.error ? (
      <Group gap="xs" px="md" data-testid="results-more-error">
        <Text size="sm" c="red">
          Could not load more: {snapshot.error.message}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconRefresh size={12} />}
          onClick={() => store.retry()}
        >
          Retry
        </Button>
      </Group>
    ) : (
      <Group gap="xs" px="md">
        <Loader size={14} />
        <Text size="sm" c="dimmed">
          Loading more…
        </Text>
      </Group>
    )
  ) : undefined

  return (
    <div style={stale ? STALE : FRESH} data-testid={stale ? 'results-loading' : undefined}>
      <VirtualTable<EntryRow>
        handle={props.handle}
        aria-label={stale ? 'Search results (searching…)' : 'Search results'}
        aria-rowcount={snapshot.total ?? undefined}
        columns={columns}
        rowCount={snapshot.known}
        rowAt={rowAt}
        version={snapshot.version}
        renderCell={renderCell}
        cellText={cellText}
        columnWidths={props.widths}
        onColumnWidthsChange={props.onWidths}
        sort={props.sort}
        onSort={props.onSort}
        isSelected={selected}
        onToggle={props.onToggle}
        onSelectAll={props.onSelectAll}
        onOpen={props.onOpen}
        onRangeChange={stale ? noRange : onRangeChange}
        footer={stale ? undefined : footer}
        stale={stale}
      />
    </div>
  )
}
