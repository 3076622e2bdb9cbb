import { Checkbox, Loader, Text } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { memo, type KeyboardEvent } from 'react'
import type { ArchiveReference } from '../../../shared/archive/references'
import type { TickRelation } from '../../../shared/archive/required-ticks'
import type { AppError } from '../../../shared/errors'
import { isExpandable, summary, type NumberUnit, type TreeNode } from './archive-model'
import type { NodeRow, Row } from './archive-rows'
import classes from './archive-viewer.module.css'

const INDENT = 16
/** Every row is one line of this height, so the window knows where each one is. */
export const ROW_HEIGHT = 24

/** A row's place: indented by depth, moved to its offset in the virtual list. */
export const rowStyle = (depth: number, start: number) => ({
  paddingLeft: 8 + depth * INDENT,
  position: 'absolute' as const,
  top: 0,
  left: 0,
  right: 0,
  height: ROW_HEIGHT,
  transform: `translateY(${start}px)`,
})

/**
 * What a row does, read through the tree's latest props: one object for the tree's lifetime, so
 * a row's props change only when what it shows changes.
 */
export interface RowActions {
  select(row: NodeRow): void
  toggle(row: NodeRow, open?: boolean): void
  follow(ref: ArchiveReference): void
  tick(path: Row['path']): void
  /** Focuses the node row `by` rows away from `index` (±Infinity: the last or first). */
  move(index: number, by: number): void
}

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

/**
 * One node's row: key, one-line summary, spinner or error. Memoised: selecting another row, or
 * the viewer re-rendering around the tree, leaves it alone (every jump through a long list
 * mounts dozens of rows; re-rendering the ones already there doubled the work).
 */
export const TreeRow = memo(function TreeRow({
  row,
  index,
  start,
  selected,
  busy,
  error,
  reference,
  referenceText,
  unitOf,
  ticking,
  tickState,
  tickable,
  actions,
}: {
  row: NodeRow
  index: number
  /** Where the row sits in the tree's full height (the virtualizer's offset). */
  start: number
  selected: boolean
  busy: boolean
  error: AppError | undefined
  reference: ArchiveReference | undefined
  referenceText: string | undefined
  /** Stable while the unit mode and the tree stay (the viewer's useCallback). */
  unitOf: (path: Row['path'], node: TreeNode | undefined) => NumberUnit | undefined
  /** The required builder is on: the row has a tick column. */
  ticking: boolean
  tickState: TickRelation | undefined
  tickable: boolean
  actions: RowActions
}) {
  const expandable = isExpandable(row.node)
  const value = row.node?.t === 'value' ? row.node.value : undefined
  const follow = reference ? () => actions.follow(reference) : undefined
  const tick = tickable ? () => actions.tick(row.path) : undefined
  const tone =
    typeof value === 'string' ? classes.string : typeof value === 'number' ? classes.number : ''
  return (
    <div
      role="treeitem"
      aria-expanded={expandable ? row.expanded : undefined}
      aria-selected={selected}
      tabIndex={0}
      className={`${classes.row} ${selected ? classes.selected : ''}`}
      style={rowStyle(row.depth, start)}
      onClick={() => {
        actions.select(row)
        if (expandable) actions.toggle(row)
      }}
      onKeyDown={(event) =>
        onRowKey(
          event,
          (open) => actions.toggle(row, open),
          follow,
          tick,
          (by) => actions.move(index, by),
        )
      }
      data-index={index}
      onFocus={() => actions.select(row)}
      data-testid="archive-node"
      data-path={row.path.join('/')}
      data-tick={tickState}
    >
      {ticking && (
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
              title={tickState === 'inside' ? 'Included: a tick above takes all below' : undefined}
              data-testid="archive-tick"
            />
          )}
        </span>
      )}
      <span className={`${classes.chevron} ${row.expanded ? classes.open : ''}`}>
        {expandable && <IconChevronRight size={14} />}
      </span>
      {/* A plain span (CSS ellipsis, the native title for the whole key): rows mount by the
          dozen on every jump through a long list, a measured tooltip per row cost a layout
          pass each. */}
      <span className={classes.key} title={row.label}>
        {row.label}
      </span>
      {reference ? (
        // Not a button: the row is the focusable item (Enter follows); a click on the link text
        // follows too.
        <span
          className={`${classes.summary} ${classes.reference}`}
          title={reference.raw}
          onClick={(event) => {
            event.stopPropagation()
            actions.select(row)
            actions.follow(reference)
          }}
          data-testid="archive-ref"
        >
          → {referenceText}
        </span>
      ) : (
        <span className={`${classes.summary} ${tone}`}>
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
})
