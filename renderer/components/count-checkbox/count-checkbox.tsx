import type { ChangeEvent } from 'react'
import classes from './count-checkbox.module.css'

export interface CountCheckboxProps {
  label: string
  /** Shown dimmed at the end of the row; none while unknown. */
  count: string | undefined
  checked: boolean
  disabled?: boolean
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  /** Data attributes for tests and styling, set on the input. */
  inputProps?: Record<`data-${string}`, string>
}

/**
 * One value of a facet list: a native checkbox, its label (truncated) and its count. Mantine's
 * Checkbox is about 25 React components per row with its label group; the builder shows three
 * facet lists of eight rows on the first screen, ~600 of its ~2 100 components. This row is
 * four, keeps the browser's own checkbox semantics and keyboard handling, and takes the theme's
 * primary colour (accent-color) in light and dark schemes.
 */
export function CountCheckbox({
  label,
  count,
  checked,
  disabled = false,
  onChange,
  inputProps,
}: CountCheckboxProps) {
  return (
    <label className={classes.row} data-disabled={disabled || undefined}>
      <input
        type="checkbox"
        className={classes.box}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        // "DFT, 11 046 entries" rather than the label and the count run together.
        aria-label={count === undefined ? label : `${label}, ${count} entries`}
        {...inputProps}
      />
      <span className={classes.label} title={label} aria-hidden>
        {label}
      </span>
      {count !== undefined && (
        <span className={classes.count} aria-hidden>
          {count}
        </span>
      )}
    </label>
  )
}
