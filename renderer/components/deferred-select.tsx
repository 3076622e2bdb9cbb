import { ComboboxChevron, InputBase, Select, type SelectProps } from '@mantine/core'
import { useMountOnIntent } from './mount-on-intent'

/** What the closed Select shows, and so what its stand-in shows the same way. */
const SHOWN = [
  'size',
  'w',
  'leftSection',
  'label',
  'description',
  'placeholder',
  'disabled',
  'error',
  'radius',
  'variant',
  'className',
  'style',
  'aria-label',
  'data-testid',
] as const

/**
 * Mantine's Select, mounted when the user reaches for it (useMountOnIntent): until then an input
 * that looks the same (the chosen label, the chevron) stands in for it.
 *
 * Why: a Select is a Combobox in a Popover, and floating-ui keeps every mounted one's input in
 * state set from a callback ref (a second render before the first paint), and lays out its
 * dropdown on mount with a style recalculation each. Mounting on focus, before any key can reach
 * it, keeps the keyboard behaviour: the first ArrowDown opens the list on the current value.
 */
export function DeferredSelect(props: SelectProps) {
  const shown: Record<string, unknown> = {}
  for (const key of SHOWN) if (key in props) shown[key] = props[key as keyof SelectProps]
  const chosen = props.data
    ?.flatMap((item) => (typeof item === 'object' && 'group' in item ? item.items : [item]))
    .map((item) => (typeof item === 'string' ? { value: item, label: item } : item))
    .find((item) => item.value === (props.value === undefined ? props.defaultValue : props.value))
  const standIn = (
    <InputBase
      {...shown}
      readOnly
      autoComplete="off"
      pointer={!props.searchable}
      value={props.searchable && props.searchValue ? props.searchValue : (chosen?.label ?? '')}
      rightSection={<ComboboxChevron size={props.size} error={props.error} />}
      rightSectionPointerEvents="none"
      aria-haspopup="listbox"
    />
  )
  return useMountOnIntent(standIn, (openAtMount, ref) => (
    // eslint-disable-next-line no-restricted-syntax -- the one place that mounts Mantine's Select
    <Select
      {...props}
      ref={ref}
      defaultDropdownOpened={openAtMount}
      // Mounted, it keeps its options mounted as Mantine's Select does by default.
      comboboxProps={{ ...props.comboboxProps, keepMounted: true }}
    />
  ))
}
