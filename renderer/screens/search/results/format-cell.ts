/** A table cell as text: units converted for display, dates shortened, lists joined. */
import type { Cell } from '../../../../shared/ipc/channels/search'
import type { SearchQuantity } from '../../../../shared/query'
import { formatDate, formatDateTime, formatNumber } from '../model/format'
import { preferredUnit, storedToDisplay } from '../model/units'

/**
 * `cell` is what the column shows: a date without its time, so the column stays narrow and
 * values beside it are not cut. `full` is what hovering shows: the date with its time (UTC, as
 * the server stores it).
 */
export type CellDetail = 'cell' | 'full'

export function formatCell(
  cell: Cell,
  quantity: SearchQuantity | undefined,
  detail: CellDetail = 'cell',
): string {
  if (cell === null) return ''
  const values = Array.isArray(cell) ? cell : [cell]
  const unit = quantity?.unit === undefined ? null : preferredUnit(quantity.unit)
  const parts = values.map((value) => {
    if (typeof value === 'boolean') return value ? 'yes' : 'no'
    if (typeof value === 'number') {
      const shown = formatNumber(unit === null ? value : storedToDisplay(value, unit))
      return unit === null ? shown : `${shown} ${unit}`
    }
    if (quantity?.type === 'datetime')
      return detail === 'cell' ? formatDate(value) : fullDate(value)
    return value
  })
  return parts.join(', ')
}

/** A date with its time, said to be UTC only when there is a time (text that is no date stays). */
function fullDate(value: string): string {
  const shown = formatDateTime(value)
  return /\d{2}:\d{2}$/.test(shown) ? `${shown} UTC` : shown
}
