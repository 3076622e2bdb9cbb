// eslint-disable-next-line no-restricted-imports -- the one place that mounts Mantine's Tooltip
import { Tooltip, type TooltipProps } from '@mantine/core'
import { useMergedRef } from '@mantine/hooks'
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react'
import { composeHandlers } from './mount-on-intent'

/** The Tooltip props this app sets. Any other prop (a Menu.Target's, say) goes to the child. */
type ShownProps = Pick<
  TooltipProps,
  'label' | 'multiline' | 'maw' | 'w' | 'withArrow' | 'openDelay' | 'closeDelay' | 'disabled'
>

type ChildProps = Record<string, unknown> & { ref?: Ref<HTMLElement> }

export type LazyTooltipProps = ShownProps & {
  /** One element that takes a ref (as for Mantine's Tooltip). */
  children: ReactElement<ChildProps>
  ref?: Ref<HTMLElement>
} & Omit<HTMLAttributes<HTMLElement>, 'children'> & { [data: `data-${string}`]: unknown }

/**
 * Mantine's Tooltip, mounted the first time the pointer rests on its target, not with it.
 *
 * Why: a mounted Tooltip keeps its target in floating-ui state set from a callback ref, so each
 * one on the first screen rendered its part of the tree a second time before the first paint
 * (with the screen's effects pulled in front of the paint too; docs/performance.md). Mounted
 * beside the target (`target`), it needs no wrapper around the child, so arming it neither
 * remounts the child nor moves its focus.
 *
 * Behaves as Mantine's hover tooltip: a pointer (not a touch) over the target opens it after
 * `openDelay`, leaving closes it after `closeDelay`, Escape dismisses it. It is controlled here
 * because a tooltip mounted under a resting pointer would otherwise wait for the next move.
 */
export function LazyTooltip({
  label,
  multiline,
  maw,
  w,
  withArrow,
  openDelay = 0,
  closeDelay = 0,
  disabled,
  children,
  ref,
  ...forwarded
}: LazyTooltipProps) {
  const [opened, setOpened] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [mounted, setMounted] = useState(false)
  const target = useRef<HTMLElement | null>(null)
  const childProps = children.props
  const mergedRef = useMergedRef(target, childProps.ref, ref)

  // The pointer's arrival opens it after openDelay, its departure closes it after closeDelay.
  useEffect(() => {
    const timer = setTimeout(() => setOpened(hovered), hovered ? openDelay : closeDelay)
    return () => clearTimeout(timer)
  }, [hovered, openDelay, closeDelay])
  useEffect(() => {
    if (!opened) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpened(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [opened])

  const passed = mergeProps(childProps, forwarded)
  const onPointerEnter = composeHandlers(passed.onPointerEnter, (event: PointerEvent) => {
    if (event.pointerType === 'touch' || disabled) return
    setMounted(true)
    setHovered(true)
  })
  const onPointerLeave = composeHandlers(passed.onPointerLeave, () => setHovered(false))
  return (
    <>
      {cloneElement(children, { ...passed, onPointerEnter, onPointerLeave, ref: mergedRef })}
      {mounted && (
        <Tooltip
          label={label}
          multiline={multiline}
          maw={maw}
          w={w}
          withArrow={withArrow}
          opened={opened && !disabled}
          target={target}
        />
      )}
    </>
  )
}

/** Later props win, except that handlers on the same event all run, the child's first. */
function mergeProps(...layers: Record<string, unknown>[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {}
  for (const layer of layers)
    for (const [key, value] of Object.entries(layer)) {
      const before = merged[key]
      merged[key] =
        /^on[A-Z]/.test(key) && typeof before === 'function' && typeof value === 'function'
          ? composeHandlers(before, value as (event: unknown) => void)
          : value
    }
  delete merged.ref
  return merged
}
