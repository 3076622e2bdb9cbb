import { Select, type SelectProps } from '@mantine/core'
import { useState } from 'react'

/**
 * Mantine's Select, whose dropdown is first mounted when the input is focused or hovered rather
 * than with the input. Why: Mantine keeps a Select's dropdown mounted (hidden), and floating-ui
 * lays out every such dropdown on mount, reading the direction with getComputedStyle (a style
 * recalculation each). The Search screen's Selects cost ~80 ms of its warm first screen
 * (first-screen probe, 7 interleaved runs, 28 Nov: 755 → 677 ms, 934 → 819 DOM nodes).
 * Mounting on focus, before any key can reach it, keeps the keyboard behaviour: the first
 * ArrowDown opens the list on the current value, as it does with Mantine's default.
 */
export function DeferredSelect({ onFocus, onMouseEnter, comboboxProps, ...props }: SelectProps) {
  const [armed, setArmed] = useState(false)
  return (
    <Select
      {...props}
      comboboxProps={{ ...comboboxProps, keepMounted: armed }}
      onFocus={(event) => {
        setArmed(true)
        onFocus?.(event)
      }}
      onMouseEnter={(event) => {
        setArmed(true)
        onMouseEnter?.(event)
      }}
    />
  )
}
