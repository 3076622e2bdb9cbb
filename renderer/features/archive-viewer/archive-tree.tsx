import { Anchor, Button, Checkbox, Loader, ScrollArea, Text } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import type { ArchiveReference } from '../../../shared/archive/references'
import type { TickRelation } from '../../../shared/archive/required-ticks'
import type { AppError } from '../../../shared/errors'
import { isFetchablePath } from '../../../shared/ipc/channels/archive'
import { isExpandable, pathKey, summary, type NumberUnit, type TreeNode } from './archive-model'
import { LIST_CHUNK, type Row } from './archive-rows'
import classes from './archive-viewer.module.css'
import { referenceOf } from './tree-references'

const INDENT = 16
/** Every row is one line of this height, so the window knows where each one is. */
export const ROW_HEIGHT = 24
/** Where nothing has a size (before layout, jsdom): as if the pane showed this many rows. */
const UNMEASURED = { width: 800, height: 100 * ROW_HEIGHT }
const fmt = (n: number) => n.toLocaleString('en-US')

/**
 * Arrow keys move between rows like in a file manager's tree, Page Up/Down by twenty, Home/End
 * to the first and last row; Enter/Space open and close, and follow a reference on a
 * reference's row.
 */
function onRowKey(
  event: KeyboardEvent<HTMLDivElement>,
  toggle: (open?: boolean) => void,
  follow: (() => void) | undefined,
  tick: (() => void) | undefined,
  move: (by: number) => void,
) {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault()
    move(event.key === 'ArrowDown' ? 1 : -1)
  } else if (event.key === 'PageDown' || event.key === 'PageUp') {
    event.preventDefault()
    move(event.key === 'PageDown' ? 20 : -20)
  } else if (event.key === 'Home' || event.key === 'End') {
    // The first or last row, however many are open (clamped by nextNodeRow).
    event.preventDefault()
    move(event.key === 'End' ? Infinity : -Infinity)
  } else if (event.key === 'ArrowRight') toggle(true)
  else if (event.key === 'ArrowLeft') toggle(false)
  else if (event.key === ' ' && tick) {
    event.preventDefault()
    tick()
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault()
    if (follow) follow()
    else toggle()
  }
}

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
  onSelect: (row: Extract<Row, { kind: 'node' }>) => void
  onToggle: (row: Extract<Row, { kind: 'node' }>, open?: boolean) => void
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
          const indent = {
            paddingLeft: 8 + row.depth * INDENT,
            position: 'absolute' as const,
            top: 0,
            left: 0,
            right: 0,
            height: ROW_HEIGHT,
            transform: `translateY(${start}px)`,
          }
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
          const expandable = isExpandable(row.node)
          const busy = loading.has(key)
          const error = errors.get(key)
          const value = row.node?.t === 'value' ? row.node.value : undefined
          const ref = referenceOf(row.node)
          const follow = ref ? () => onFollow(ref) : undefined
          const tickable = ticks !== undefined && isFetchablePath(row.path)
          const tick = tickable ? () => ticks.toggle(row.path) : undefined
          const tickState = tickable ? ticks.stateOf(row.path) : undefined
          const tone =
            typeof value === 'string'
              ? classes.string
              : typeof value === 'number'
                ? classes.number
                : undefined
          return (
            <div
              key={key}
              role="treeitem"
              aria-expanded={expandable ? row.expanded : undefined}
              aria-selected={selected === key}
              tabIndex={0}
              className={`${classes.row} ${selected === key ? classes.selected : ''}`}
              style={indent}
              onClick={() => {
                onSelect(row)
                if (expandable) onToggle(row)
              }}
              onKeyDown={(event) =>
                onRowKey(
                  event,
                  (open) => onToggle(row, open),
                  follow,
                  tick,
                  (by) => focusRow(nextNodeRow(rows, index, by)),
                )
              }
              data-index={index}
              onFocus={() => onSelect(row)}
              data-testid="archive-node"
              data-path={row.path.join('/')}
              data-tick={tickState}
            >
              {ticks && (
                <span className={classes.tick}>
                  {tick && (
                    <Checkbox
                      size="xs"
                      tabIndex={-1}
                      checked={tickState === 'ticked' || tickState === 'inside'}
                      indeterminate={tickState === 'above'}
                      disabled={tickState === 'inside'}
                      onClick={(event) => event.stopPropagation()}
                      onChange={tick}
                      aria-label={
                        tickState === 'inside'
                          ? `${row.label} is included by a tick above it`
                          : `Tick ${row.label} for the required`
                      }
                      title={
                        tickState === 'inside'
                          ? 'Included: a tick above takes all below'
                          : undefined
                      }
                      data-testid="archive-tick"
                    />
                  )}
                </span>
              )}
              <span className={`${classes.chevron} ${row.expanded ? classes.open : ''}`}>
                {expandable && <IconChevronRight size={14} />}
              </span>
              {/* A plain span (CSS ellipsis, the native title for the whole key): rows mount by
                  the dozen on every jump through a long list, a measured tooltip per row cost
                  a layout pass each. */}
              <span className={classes.key} title={row.label}>
                {row.label}
              </span>
              {ref ? (
                // Not a button: the row is the focusable item (Enter follows); a click on the
                // link text follows too.
                <span
                  className={`${classes.summary} ${classes.reference}`}
                  title={ref.raw}
                  onClick={(event) => {
                    event.stopPropagation()
                    onSelect(row)
                    onFollow(ref)
                  }}
                  data-testid="archive-ref"
                >
                  → {describeRef(ref)}
                </span>
              ) : (
                <span className={`${classes.summary} ${tone ?? ''}`}>
                  {row.node === undefined || row.node.t === 'lazy'
                    ? busy
                      ? ''
                      : 'not loaded'
                    : summary(row.node, unitOf(row.path, row.node))}
                </span>
              )}
              {busy && <Loader size={12} data-testid="archive-node-loading" />}
              {error && (
                <Text size="xs" c="red" truncate maw="45%" title={error.message}>
                  {error.message}
                </Text>
              )}
            </div>
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
