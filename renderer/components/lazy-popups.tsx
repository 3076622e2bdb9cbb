import { Menu, Popover, type MenuProps, type PopoverProps } from '@mantine/core'
import { useMergedRef, useUncontrolled } from '@mantine/hooks'
import {
  cloneElement,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react'
import { composeHandlers, type TargetProps } from './mount-on-intent'

interface Lazy {
  /** What opens it: one element that takes a ref (as for Menu.Target and Popover.Target). */
  target: ReactElement<TargetProps>
  /** Its Menu.Dropdown or Popover.Dropdown. */
  children: ReactNode
}
type Opening = Pick<PopoverProps, 'opened' | 'onChange' | 'defaultOpened' | 'id'>

/**
 * Mantine's Menu, mounted the first time the user reaches for its target (a pointer, not a
 * touch, enters it; it takes the focus; it is clicked): `<LazyMenu target={<Button>…</Button>}>
 * <Menu.Dropdown>…`. Hover menus (`trigger`) are not offered.
 *
 * Why: a mounted Menu or Popover keeps its target in floating-ui state set from a callback ref,
 * so each one on the first screen rendered its part of it a second time before the first paint,
 * and ran floating-ui for a popup nobody had opened (first-screen probe, 1 December: ~40 ms
 * cold; docs/performance.md).
 *
 * The popup is mounted beside the target, not around it: the target stays the same element
 * (focus, hover and whatever holds it are kept), says what it opens from the start
 * (`aria-haspopup`, `aria-expanded`, `aria-controls`, the `id` the dropdown is labelled by), and
 * toggles the popup itself; Mantine's target gets the element through a bridge that renders
 * nothing (PassTarget), which is all Mantine needs it for (placement, outside clicks).
 */
export function LazyMenu({
  target,
  children,
  ...props
}: Lazy & Omit<MenuProps, 'children' | 'trigger'>) {
  const popup = useLazyPopup(target, 'menu', props)
  return withTarget(popup, (root, pass) => (
    // eslint-disable-next-line no-restricted-syntax -- the one place that mounts Mantine's Menu
    <Menu {...popup.others} {...root}>
      <Menu.Target>{pass}</Menu.Target>
      {children}
    </Menu>
  ))
}

/** Mantine's Popover, mounted as LazyMenu is; a controlled one (`opened`) also when opened. */
export function LazyPopover({ target, children, ...props }: Lazy & Omit<PopoverProps, 'children'>) {
  const popup = useLazyPopup(target, 'dialog', props)
  return withTarget(popup, (root, pass) => (
    // eslint-disable-next-line no-restricted-syntax -- the one place that mounts Mantine's Popover
    <Popover {...popup.others} {...root}>
      <Popover.Target>{pass}</Popover.Target>
      {children}
    </Popover>
  ))
}

type LazyPopup = Omit<ReturnType<typeof useLazyPopup>, 'others'>
type RootProps = { id: string; opened: boolean; onChange: (opened: boolean) => void }

/** The target, and beside it (once mounted) the popup made by `popupWith`. */
function withTarget(
  popup: LazyPopup,
  popupWith: (root: RootProps, pass: ReactElement) => ReactElement,
): ReactElement {
  const root = { id: popup.id, opened: popup.opened, onChange: popup.setOpened }
  return (
    <>
      {popup.target}
      {popup.mounted && popupWith(root, <PassTarget node={popup.node} />)}
    </>
  )
}

/** The popup's state, the target as rendered, and the popup's props other than its opening. */
function useLazyPopup<P extends Opening>(
  target: ReactElement<TargetProps>,
  kind: 'menu' | 'dialog',
  props: P,
) {
  const { opened, onChange, defaultOpened, id, ...others } = props
  const [armed, setArmed] = useState(false)
  const [shown, setShown] = useUncontrolled({
    value: opened,
    defaultValue: defaultOpened,
    finalValue: false,
    onChange,
  })
  const generated = useId()
  const uid = id ?? generated
  const node = useRef<HTMLElement | null>(null)
  const own = target.props
  const ref = useMergedRef(node, own.ref)
  const arm = () => setArmed(true)
  const shownTarget = cloneElement(target, {
    ref,
    id: `${uid}-target`,
    'aria-haspopup': kind,
    'aria-expanded': shown,
    'aria-controls': shown ? `${uid}-dropdown` : undefined,
    'data-expanded': shown || undefined,
    onPointerEnter: composeHandlers(own.onPointerEnter, (event: PointerEvent) => {
      if (event.pointerType !== 'touch') arm()
    }),
    onFocus: composeHandlers(own.onFocus, arm),
    onClick: composeHandlers(own.onClick, (_event: MouseEvent) => {
      arm()
      // A controlled popup is opened by its owner (the target's own onClick, as with Mantine).
      if (opened === undefined) setShown(!shown)
    }),
  })
  return {
    target: shownTarget,
    mounted: armed || shown,
    opened: shown,
    setOpened: setShown,
    id: uid,
    node,
    others,
  }
}

/** Hands Mantine's Menu.Target / Popover.Target the element the popup belongs to. */
function PassTarget({
  node,
  ref,
}: {
  node: RefObject<HTMLElement | null>
  ref?: Ref<HTMLElement>
}) {
  useImperativeHandle(ref, () => node.current as HTMLElement, [node])
  return null
}
