import { Anchor, Button, ScrollArea, Text } from '@mantine/core'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'
import type { ArchiveReference } from '../../../shared/archive/references'
import type { TickRelation } from '../../../shared/archive/required-ticks'
import type { AppError } from '../../../shared/errors'
import { isFetchablePath } from '../../../shared/ipc/channels/archive'
import { pathKey, type NumberUnit, type TreeNode } from './archive-model'
import { LIST_CHUNK, type NodeRow, type Row } from './archive-rows'
import { ROW_HEIGHT, rowStyle, TreeRow, type RowActions } from './archive-tree-row'
import classes from './archive-viewer.module.css'
import { referenceOf } from './tree-references'

export { ROW_HEIGHT }

/** Where nothing has a size (before layout, jsdom): as if the pane showed this many rows. */
const UNMEASURED = { width: 800, height: 100 * ROW_HEIGHT }
const fmt = (n: number) => n.toLocaleString('en-US')

/** The archive's visible rows: a key, a one-line summary, and a spinner or error while loading. */
export function ArchiveTree({
  rows,
  selected,
  loading,
  errors,
  onSelect,
  onToggle,
  onMore,
  onLoad,
  describeRef,
  onFollow,
  unitOf,
  ticks,
  children,
}: {
  rows: Row[]
  selected: string | null
  loading: ReadonlySet<string>
  errors: ReadonlyMap<string, AppError>
  onSelect: (row: NodeRow) => void
  onToggle: (row: NodeRow, open?: boolean) => void
  onMore: (path: Row['path'], count: number) => void
  onLoad: (path: Row['path']) => void
  /** A reference's link text: the target's kind and label. */
  describeRef: (ref: ArchiveReference) => string
  onFollow: (ref: ArchiveReference) => void
  /** The unit numbers at a place are shown in (none for counts and other plain numbers). */
  unitOf: (path: Row['path'], node: TreeNode | undefined) => NumberUnit | undefined
  /** The required builder, while it is on: a tick box per row (Space ticks the focused row). */
  ticks?: {
    stateOf: (path: Row['path']) => TickRelation | undefined
    toggle: (path: Row['path']) => void
  }
  /** Shown under the rows (the search's "no match"). */
  children?: ReactNode
}) {
  const viewport = useRef<HTMLDivElement>(null)
  const container = useRef<HTMLDivElement>(null)
  // Only the rows on screen (and a few around them) exist in the DOM, however many are open:
  // a list of 100,000 values scrolls as smoothly as one of ten. The virtualizer's functions
  // are read fresh each render and handed to no memoized child.
  // eslint-disable-next-line react-hooks/incompatible-library -- see the comment above
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    initialRect: UNMEASURED,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : UNMEASURED)),
  })
  /** Focuses the row at `index`, scrolling it into the window first when it is not there. */
  const focusRow = (index: number) => {
    if (index < 0 || index >= rows.length) return
    const find = () =>
      container.current?.querySelector<HTMLElement>(`[data-index="${index}"][role="treeitem"]`)
    const now = find()
    if (now) {
      now.focus()
      return
    }
    virtualizer.scrollToIndex(index, { align: 'auto' })
    requestAnimationFrame(() => find()?.focus())
  }
  // The rows' handlers read the latest props through one object made once, so a memoised row
  // re-renders only when what it shows changes.
  const latest = useRef({ rows, onSelect, onToggle, onFollow, ticks, focusRow })
  useLayoutEffect(() => {
    latest.current = { rows, onSelect, onToggle, onFollow, ticks, focusRow }
  })
  const actions = useMemo<RowActions>(
    () => ({
      select: (row) => latest.current.onSelect(row),
      toggle: (row, open) => latest.current.onToggle(row, open),
      follow: (ref) => latest.current.onFollow(ref),
      tick: (path) => latest.current.ticks?.toggle(path),
      move: (index, by) => {
        const { rows: now, focusRow: focus } = latest.current
        focus(nextNodeRow(now, index, by))
      },
    }),
    [],
  )
  // A newly selected node (a followed reference, a search match) is scrolled to.
  const scrolledTo = useRef<string | null>(null)
  useEffect(() => {
    if (selected === null || scrolledTo.current === selected) return
    const last = (JSON.parse(selected) as Row['path']).at(-1) ?? ''
    const index = rows.findIndex(
      (row) => row.kind === 'node' && row.last === last && row.key === selected,
    )
    if (index < 0) return
    scrolledTo.current = selected
    virtualizer.scrollToIndex(index, { align: 'auto' })
  }, [selected, rows, virtualizer])
  return (
    <ScrollArea style={{ flex: 1 }} type="auto" viewportRef={viewport}>
      <div
        ref={container}
        className={classes.tree}
        role="tree"
        aria-label="Archive"
        data-testid="archive-tree"
        data-rows={rows.length}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map(({ index, start }) => {
          const row = rows[index]
          if (!row) return null
          const key = row.kind === 'node' ? row.key : pathKey(row.path)
          const indent = rowStyle(row.depth, start)
          if (row.kind === 'more')
            return (
              <div key={`${key}+more`} className={classes.row} style={indent} data-index={index}>
                <span className={classes.chevron} />
                <Anchor
                  component="button"
                  size="xs"
                  onClick={() => onMore(row.path, row.shown + LIST_CHUNK)}
                  data-testid="archive-show-more"
                >
                  Show {fmt(Math.min(LIST_CHUNK, row.length - row.shown))} more ({fmt(row.shown)} of{' '}
                  {fmt(row.length)} shown)
                </Anchor>
                {row.length - row.shown > LIST_CHUNK && (
                  <Anchor
                    component="button"
                    size="xs"
                    onClick={() => onMore(row.path, row.length)}
                    data-testid="archive-show-all"
                  >
                    Show all
                  </Anchor>
                )}
              </div>
            )
          if (row.kind === 'rest')
            return (
              <div key={`${key}+rest`} className={classes.row} style={indent} data-index={index}>
                <span className={classes.chevron} />
                <Text size="xs" c="dimmed" span>
                  {fmt(row.missing)} more {row.missing === 1 ? 'value' : 'values'} not loaded
                  {row.loadable ? '' : ' (too long to show here; Copy value copies all)'}
                </Text>
                {row.loadable && (
                  <Button size="compact-xs" variant="subtle" onClick={() => onLoad(row.path)}>
                    Load
                  </Button>
                )}
              </div>
            )
          const ref = referenceOf(row.node)
          const tickable = ticks !== undefined && isFetchablePath(row.path)
          return (
            <TreeRow
              key={key}
              row={row}
              index={index}
              start={start}
              selected={selected === key}
              busy={loading.has(key)}
              error={errors.get(key)}
              reference={ref}
              referenceText={ref ? describeRef(ref) : undefined}
              unitOf={unitOf}
              ticking={ticks !== undefined}
              tickState={tickable ? ticks.stateOf(row.path) : undefined}
              tickable={tickable}
              actions={actions}
            />
          )
        })}
      </div>
      {children}
    </ScrollArea>
  )
}

/** The node row `by` rows away (skipping "show more" lines), clamped to the list. */
function nextNodeRow(rows: readonly Row[], from: number, by: number): number {
  const target = Math.max(0, Math.min(rows.length - 1, from + by))
  const step = by > 0 ? 1 : -1
  // The nearest node row past the target, else before it (a "Show more" line may end the tree).
  for (let i = target; i >= 0 && i < rows.length; i += step) if (rows[i]?.kind === 'node') return i
  for (let i = target; i >= 0 && i < rows.length; i -= step) if (rows[i]?.kind === 'node') return i
  return from
}
