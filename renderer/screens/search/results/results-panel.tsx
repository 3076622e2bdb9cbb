import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Owner } from '../../../../shared/api'
import type { QuantityCatalogue } from '../../../../shared/query'
import type { VirtualTableHandle } from '../../../components/virtual-table/virtual-table'
import { ActiveChips } from '../active-chips'
import { formatCount } from '../model/format'
import type { BuilderModel } from '../model'
import type { SearchSession } from '../state/session'
import { MountWhenOpened } from '../../../components/on-demand/mount-when-opened'
import { EntryDrawer } from './entry-drawer'
import { pageQueryOf } from './first-page'
import { EntryViewers } from './entry-viewers'
import { missingFilterColumns } from './filter-columns'
import { OfflineResultsNote } from './offline-results-note'
import { ResultsTable } from './results-table'
import { ResultsToolbar } from './results-toolbar'
import { bulkTarget, NO_SELECTION, selectAll, toggle, type Selection } from './selection'
import type { PageStore } from './page-store'
import { usePageStore, usePageStoreValue } from './use-page-store'

/** Chips, toolbar ("N of total", selection, columns, page size), the table and the drawer. */
export function ResultsPanel({
  serverId,
  session,
  catalogue,
  dirty,
  liveCount,
  onModel,
  onSession,
  onSubmit,
  onFirstPage,
}: {
  serverId: string
  session: SearchSession
  catalogue: QuantityCatalogue
  dirty: boolean
  liveCount: number | undefined
  onModel: (model: BuilderModel) => void
  onSession: (change: (s: SearchSession) => SearchSession) => void
  onSubmit: () => void
  onFirstPage: (total: number) => void
}) {
  const { submitted } = session
  const onNotice = useCallback(
    (notice: string, pageSize: number) => {
      notifications.show({ color: 'yellow', title: 'Page size lowered', message: notice })
      // The store already uses this size, so usePageStore keeps it (rows, selection and
      // scroll stay); the session follows so the next search starts with a size that works.
      onSession((s) => ({ ...s, pageSize }))
    },
    [onSession],
  )
  const store = usePageStore(pageQueryOf(serverId, session), onNotice)
  // The selection belongs to one search: a new store (new query, sort …) starts with none.
  const [selected, setSelected] = useState<{ store: object; value: Selection }>({
    store,
    value: NO_SELECTION,
  })
  const selection = selected.store === store ? selected.value : NO_SELECTION
  const setSelection = useCallback(
    (change: Selection | ((s: Selection) => Selection)) =>
      setSelected((prev) => {
        const base = prev.store === store ? prev.value : NO_SELECTION
        return { store, value: typeof change === 'function' ? change(base) : change }
      }),
    [store],
  )
  const [openId, setOpenId] = useState<string | null>(null)
  const [viewerOpen, setViewerOpen] = useState(false)
  const table = useRef<VirtualTableHandle>(null)

  // Pages arriving re-render the table and the count only, not this panel: the first page's
  // total is reported from a subscription, and the parts that show it subscribe themselves.
  const latestOnFirstPage = useRef(onFirstPage)
  useEffect(() => {
    latestOnFirstPage.current = onFirstPage
  })
  // Reported a task later: the notification that brings the first page also renders its rows
  // (a microtask), and the history write and the history menu's refresh it causes wait for them.
  useEffect(() => {
    let reported = false
    const report = () => {
      const { total } = store.getSnapshot()
      if (reported || total === null) return
      reported = true
      setTimeout(() => latestOnFirstPage.current(total))
    }
    report()
    return store.subscribe(report)
  }, [store])

  const onSort = useCallback(
    (columnId: string) =>
      onSession((s) =>
        s.orderBy === columnId
          ? { ...s, order: s.order === 'asc' ? 'desc' : 'asc' }
          : { ...s, orderBy: columnId, order: 'asc' },
      ),
    [onSession],
  )
  const missingColumns = useMemo(
    () => missingFilterColumns(session.model, session.columns, catalogue),
    [session.model, session.columns, catalogue],
  )
  const onWidths = useCallback(
    (widths: Record<string, number>) =>
      onSession((s) => ({ ...s, widths: { ...otherColumns(s), ...widths } })),
    [onSession],
  )
  const onToggle = useCallback((id: string) => setSelection((s) => toggle(s, id)), [setSelection])
  const onSelectAll = useCallback(() => setSelection(selectAll()), [setSelection])
  const onColumns = useCallback(
    (columns: string[]) => onSession((s) => ({ ...s, columns })),
    [onSession],
  )
  const onPageSize = useCallback(
    (pageSize: number) => onSession((s) => ({ ...s, pageSize })),
    [onSession],
  )
  const onCloseEntry = useCallback(() => {
    setOpenId(null)
    table.current?.focus()
  }, [])

  return (
    <Paper
      withBorder
      radius="md"
      style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
      data-testid="results-panel"
    >
      <Stack
        gap={8}
        p="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <ActiveChips model={session.model} onChange={onModel} />
        <ResultsToolbar
          store={store}
          selection={selection}
          onClearSelection={() => setSelection(NO_SELECTION)}
          target={() =>
            bulkTarget(selection, {
              serverId,
              owner: submitted.owner,
              query: submitted.query,
              total: store.getSnapshot().total ?? 0,
            })
          }
          catalogue={catalogue}
          columns={session.columns}
          onColumns={onColumns}
          missingFilterColumns={missingColumns}
          pageSize={session.pageSize}
          onPageSize={onPageSize}
        />
      </Stack>
      <OfflineNoteOf store={store} />
      {dirty && (
        <Alert variant="light" color="indigo" py={6} radius={0} data-testid="results-stale">
          <Group justify="space-between">
            <Text size="sm">The table shows your previous search; the query has changed.</Text>
            <Button size="compact-sm" onClick={onSubmit}>
              Show {liveCount === undefined ? '' : `${formatCount(liveCount)} `}results
            </Button>
          </Group>
        </Alert>
      )}
      <div style={{ flex: 1, minHeight: 0 }}>
        <ResultsTable
          handle={table}
          store={store}
          catalogue={catalogue}
          columns={session.columns}
          widths={session.widths}
          onWidths={onWidths}
          sort={session.orderBy ? { columnId: session.orderBy, order: session.order } : null}
          onSort={onSort}
          selection={selection}
          onToggle={onToggle}
          onSelectAll={onSelectAll}
          onOpen={setOpenId}
          onClearFilters={() => {
            onModel({ ...session.model, children: [] })
          }}
          onOwner={(owner: Owner) =>
            onSession((s) => ({ ...s, owner, submitted: { ...s.submitted, owner } }))
          }
        />
      </div>
      <MountWhenOpened opened={openId !== null}>
        {(opened) => (
          <EntryDrawer
            serverId={serverId}
            entryId={opened ? openId : null}
            closeOnEscape={!viewerOpen}
            onClose={onCloseEntry}
          />
        )}
      </MountWhenOpened>
      <EntryViewers onOpenChange={setViewerOpen} />
    </Paper>
  )
}

/** The offline note while the pages come from the offline library (its own subscription). */
function OfflineNoteOf({ store }: { store: PageStore }) {
  const offline = usePageStoreValue(store, (s) => s.offline)
  return offline ? <OfflineResultsNote note={offline} /> : null
}

/** Widths of columns not shown now: kept, so a column taken out and back keeps its width. */
function otherColumns(session: SearchSession): Record<string, number> {
  return Object.fromEntries(
    Object.entries(session.widths).filter(([name]) => !session.columns.includes(name)),
  )
}
