/** A table cell as text: units converted for display, dates shortened, lists joined. */
import type { Cell } from '../../../../shared/ipc/channels/search'
import type { SearchQuantity } from '../../../../shared/query'
import { formatDateTime, formatNumber } from '../model/format'
import { preferredUnit, storedToDisplay } from '../model/units'

export function formatCell(cell: Cell, quantity: SearchQuantity | undefined): string {
  if (cell === null) return ''
  const values = Array.isArray(cell) ? cell : [cell]
  const unit = quantity?.unit === undefined ? null : preferredUnit(quantity.unit)
  const parts = values.map((value) => {
    if (typeof value === 'boolean') return value ? 'yes' : 'no'
    if (typeof value === 'number') {
      const shown = formatNumber(unit === null ? value : storedToDisplay(value, unit))
      return unit === null ? shown : `${shown} ${unit}`
    }
    if (quantity?.type === 'datetime') return formatDateTime(value)
    return value
  })
  return parts.join(', ')
}
