import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import type { FileItem } from '../../../../shared/ipc/channels/raw-files'
import classes from './file-browser.module.css'
import { FileRow } from './file-row'

const ROW = 34

export interface ListSelection {
  selected: ReadonlySet<string>
  active: number
}

/**
 * A folder's children as a virtual list box: only rows on screen exist, rows of pages not yet
 * fetched show as placeholders and ask for their page. Keys: ↑/↓, Page Up/Down, Home/End move
 * (Shift extends the selection), Enter opens, Backspace or Alt+↑ goes up a folder, Space
 * toggles, Ctrl/Cmd+A selects what is loaded.
 * Click selects (and previews a file, opens a folder), Ctrl/Cmd+click toggles, Shift+click
 * selects a range.
 */
export function FileList({
  serverId,
  total,
  rowAt,
  version,
  selection,
  highlighted,
  scrollTo,
  onRange,
  onActivate,
  onSelect,
  onOpen,
  onUp,
  onSelectAll,
  autoFocus = false,
}: {
  serverId: string
  total: number
  rowAt: (index: number) => FileItem | undefined
  version: string
  selection: ListSelection
  highlighted: string | undefined
  /** Scroll this row into view when it changes (a mainfile far down its folder). */
  scrollTo: number | undefined
  onRange: (first: number, last: number) => void
  onActivate: (index: number) => void
  onSelect: (index: number, mode: 'only' | 'toggle' | 'range') => void
  onOpen: (item: FileItem) => void
  /** Show the parent folder; undefined at the upload's root. */
  onUp: (() => void) | undefined
  onSelectAll: () => void
  /** Take the focus when mounted (a folder opened from the keyboard replaces the list). */
  autoFocus?: boolean
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  // The virtualizer's functions change with every scroll; this component reads them fresh each
  // render and passes none of them to memoized children.
  // eslint-disable-next-line react-hooks/incompatible-library -- see the comment above
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 12,
    // Rows render on the first paint, before the list has been measured.
    initialRect: { width: 600, height: 480 },
  })
  const rows = virtualizer.getVirtualItems()
  const firstRow = rows[0]?.index ?? 0
  const lastRow = rows.at(-1)?.index ?? 0
  useEffect(() => {
    if (total > 0) onRange(firstRow, lastRow)
  }, [firstRow, lastRow, total, onRange])
  useEffect(() => {
    if (autoFocus) scrollRef.current?.focus()
    // On mount only: a later change of the prop must not pull the focus from elsewhere.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    if (scrollTo !== undefined) virtualizer.scrollToIndex(scrollTo, { align: 'center' })
  }, [scrollTo, virtualizer])

  const move = (index: number, extend: boolean) => {
    const next = Math.max(0, Math.min(total - 1, index))
    onActivate(next)
    if (extend) onSelect(next, 'range')
    virtualizer.scrollToIndex(next, { align: 'auto' })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (total === 0) return
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW) - 1)
    const at = selection.active
    const handled: Record<string, () => void> = {
      ArrowDown: () => move(at + 1, event.shiftKey),
      ArrowUp: () => move(at - 1, event.shiftKey),
      PageDown: () => move(at + page, event.shiftKey),
      PageUp: () => move(at - page, event.shiftKey),
      Home: () => move(0, event.shiftKey),
      End: () => move(total - 1, event.shiftKey),
      ' ': () => onSelect(at, 'toggle'),
      Enter: () => {
        const item = rowAt(at)
        if (item) onOpen(item)
      },
      Backspace: () => onUp?.(),
    }
    const action =
      (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a'
        ? onSelectAll
        : event.altKey && event.key === 'ArrowUp'
          ? () => onUp?.()
          : handled[event.key]
    if (!action) return
    event.preventDefault()
    action()
  }
  const onClick = (event: MouseEvent, index: number, item: FileItem | undefined) => {
    onActivate(index)
    if (event.shiftKey) return onSelect(index, 'range')
    if (event.ctrlKey || event.metaKey) return onSelect(index, 'toggle')
    onSelect(index, 'only')
    if (item) onOpen(item)
  }

  const activeItem = rowAt(selection.active)
  return (
    <div
      ref={scrollRef}
      className={classes.listScroll}
      role="listbox"
      aria-multiselectable="true"
      aria-label="Files and folders"
      aria-activedescendant={activeItem ? `file-row-${selection.active}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="files-list"
      data-version={version}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => {
          const item = rowAt(row.index)
          const selected = item ? selection.selected.has(item.path) : false
          const active = row.index === selection.active
          return (
            <div
              key={row.key}
              id={`file-row-${row.index}`}
              role="option"
              aria-selected={selected}
              className={`${classes.row} ${item?.path === highlighted ? classes.mainfile : ''} ${selected ? classes.selected : ''} ${active ? classes.active : ''}`}
              style={{
                position: 'absolute',
                top: 0,
                height: ROW,
                transform: `translateY(${row.start}px)`,
              }}
              onClick={(event) => onClick(event, row.index, item)}
              data-testid={item ? 'files-item' : 'files-placeholder'}
              data-name={item?.name}
              data-kind={item ? (item.isFile ? 'file' : 'folder') : undefined}
              data-mainfile={item?.entryId ? true : undefined}
            >
              {item ? (
                <FileRow
                  item={item}
                  serverId={serverId}
                  selected={selected}
                  active={active}
                  highlighted={item.path === highlighted}
                />
              ) : (
                <span className={classes.placeholder}>…</span>
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}
