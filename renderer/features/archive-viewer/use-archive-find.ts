import { useCallback, useEffect, useRef, type RefObject } from 'react'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { pathKey } from './archive-model'

export interface ArchiveFind {
  text: string
  /** The text the tree is filtered by (deferred: typing stays fluent on a big tree). */
  deferred: string
  setText(text: string): void
  /** 0-based position of the selected match among `hits`, or -1 before the first step. */
  current: number
  /** Selects the next (1) or previous (-1) match, wrapping around. */
  step(direction: 1 | -1): void
}

/**
 * The search inside the archive: its text, and next/previous over the matches, each revealed
 * and selected in the tree (`reveal`). The position follows the selection, so stepping after a
 * click on a match goes on from there.
 */
export function useArchiveFind(
  search: { text: string; deferred: string; setText: (text: string) => void },
  hits: readonly ArchivePath[],
  selected: ArchivePath | null,
  reveal: (path: ArchivePath) => void,
  /** The search box, focused by Ctrl/⌘+F. */
  inputRef: RefObject<HTMLInputElement | null>,
): ArchiveFind {
  const selectedKey = selected ? pathKey(selected) : ''
  const current = hits.findIndex((hit) => pathKey(hit) === selectedKey)
  // Enter right after typing, while a big tree is still filtered by the old text: the step
  // waits for the typed text's hits instead of being lost.
  const pending = useRef<1 | -1 | null>(null)
  const caughtUp = search.deferred === search.text
  const step = useCallback(
    (direction: 1 | -1) => {
      if (!caughtUp) {
        pending.current = direction
        return
      }
      if (hits.length === 0) return
      const from = current < 0 ? (direction === 1 ? -1 : 0) : current
      const next = (from + direction + hits.length) % hits.length
      const hit = hits[next]
      if (hit) reveal(hit)
    },
    [hits, current, reveal, caughtUp],
  )
  useEffect(() => {
    const direction = pending.current
    if (direction === null || !caughtUp) return
    pending.current = null
    step(direction)
  }, [caughtUp, step])
  // F3 / Shift+F3 and Ctrl/⌘+F anywhere in the window while the viewer is shown.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F3') {
        event.preventDefault()
        step(event.shiftKey ? -1 : 1)
      } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
        event.preventDefault()
        inputRef.current?.focus()
        inputRef.current?.select()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [step, inputRef])
  return { ...search, current, step }
}
