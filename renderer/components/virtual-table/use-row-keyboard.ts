import type { Virtualizer } from '@tanstack/react-virtual'
import { useCallback, useState, type KeyboardEvent, type RefObject } from 'react'
import type { RowLike } from './virtual-table-types'

interface RowKeyboardOptions<R extends RowLike> {
  scrollRef: RefObject<HTMLDivElement | null>
  virtualizer: Virtualizer<HTMLDivElement, Element>
  rowCount: number
  rowAt: (index: number) => R | undefined
  rowHeight: number
  onToggle: (id: string) => void
  onOpen: (id: string) => void
  onSelectAll: () => void
}

/**
 * The grid's keyboard: an active row that ↑/↓, Page Up/Down, Home and End move (scrolling it
 * into view), Space selects, Enter opens, Ctrl/Cmd+A selects all. Keys it does not handle keep
 * their default action.
 */
export function useRowKeyboard<R extends RowLike>(options: RowKeyboardOptions<R>) {
  const { scrollRef, virtualizer, rowCount, rowAt, rowHeight } = options
  const [active, setActive] = useState(0)

  const moveTo = useCallback(
    (index: number) => {
      const next = Math.max(0, Math.min(rowCount - 1, index))
      setActive(next)
      virtualizer.scrollToIndex(next, { align: 'auto' })
    },
    [rowCount, virtualizer],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rowCount === 0) return
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / rowHeight) - 1)
    const row = rowAt(active)
    switch (event.key) {
      case 'ArrowDown':
        moveTo(active + 1)
        break
      case 'ArrowUp':
        moveTo(active - 1)
        break
      case 'PageDown':
        moveTo(active + page)
        break
      case 'PageUp':
        moveTo(active - page)
        break
      case 'Home':
        moveTo(0)
        break
      case 'End':
        moveTo(rowCount - 1)
        break
      case ' ':
        if (row) options.onToggle(row.id)
        break
      case 'Enter':
        if (row) options.onOpen(row.id)
        break
      case 'a':
      case 'A':
        if (!(event.ctrlKey || event.metaKey)) return
        options.onSelectAll()
        break
      default:
        return
    }
    event.preventDefault()
  }

  return { active, setActive, onKeyDown }
}
