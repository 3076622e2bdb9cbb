import { useMergedRef } from '@mantine/hooks'
import {
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react'
import { flushSync } from 'react-dom'

type Handler = (...args: never[]) => unknown
export type TargetProps = Record<string, unknown> & { ref?: Ref<HTMLElement> }

/** The element's own handler first (when it has one), then ours. */
export function composeHandlers<E>(own: unknown, ours: (event: E) => void) {
  return (event: E) => {
    ;(own as Handler | undefined)?.(event as never)
    ours(event)
  }
}

/** Renders the popup in place of its stand-in, given whether it opens at once and the ref. */
export type PopupInPlace = (
  openAtMount: boolean,
  ref: (node: HTMLElement | null) => void,
) => ReactElement

/**
 * For a popup that brings its own target (Mantine's Select and its input): until the user
 * reaches for it (a pointer, not a touch, enters the stand-in; it takes the focus; it is clicked
 * without either, as by a screen reader), a stand-in that looks the same is rendered instead.
 * A click opens the popup at once. (Menus and popovers keep their target: lazy-popups.tsx.)
 *
 * The popup replaces the stand-in synchronously in the event that asked for it (flushSync), so
 * a press that follows reaches the new element, and the new element takes the focus back if the
 * stand-in had it.
 */
export function useMountOnIntent(
  standIn: ReactElement<TargetProps>,
  popup: PopupInPlace,
): ReactElement {
  const [mounted, setMounted] = useState(false)
  const [openAtMount, setOpenAtMount] = useState(false)
  // The element React replaces had the focus: the new one takes it back.
  const [refocus, setRefocus] = useState(false)
  const node = useRef<HTMLElement | null>(null)
  const ref = useMergedRef(node, standIn.props.ref)

  useLayoutEffect(() => {
    if (mounted && refocus) node.current?.focus({ preventScroll: true })
  }, [mounted, refocus])

  if (mounted) return popup(openAtMount, ref)

  const mount = (open: boolean, element: HTMLElement) => {
    const focused = element === document.activeElement
    flushSync(() => {
      setOpenAtMount(open)
      setRefocus(focused)
      setMounted(true)
    })
  }
  const own = standIn.props
  return cloneElement(standIn, {
    ref,
    onPointerEnter: composeHandlers(own.onPointerEnter, (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType !== 'touch') mount(false, event.currentTarget)
    }),
    onFocus: composeHandlers(own.onFocus, (event: FocusEvent<HTMLElement>) =>
      mount(false, event.currentTarget),
    ),
    onClick: composeHandlers(own.onClick, (event: PointerEvent<HTMLElement>) =>
      mount(true, event.currentTarget),
    ),
  })
}
