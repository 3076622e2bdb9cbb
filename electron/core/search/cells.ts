/**
 * Entry metadata → table rows. Done here, in core, so the renderer receives only the cells of
 * the visible columns (a few values per row) instead of whole entries, and has nothing left to
 * walk while scrolling.
 */
import type { Cell, EntryRow } from '../../../shared/ipc/channels/search'
import { compilePath, type PathWalker } from '../../../shared/query'

type CellScalar = string | number | boolean

function isCellScalar(value: unknown): value is CellScalar {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  )
}

export class RowMapper {
  private readonly walkers: [string, PathWalker][]

  constructor(columns: readonly string[]) {
    this.walkers = columns.map((c) => [c, compilePath(c)])
  }

  row(entry: { entry_id: string } & Record<string, unknown>): EntryRow {
    const cells: Record<string, Cell> = {}
    for (const [column, walker] of this.walkers) {
      const values: CellScalar[] = []
      walker.each(entry, (value) => {
        if (isCellScalar(value)) values.push(value)
        // Objects (e.g. a whole section picked as a column) are summarised, not shipped.
        else if (typeof value === 'object' && value !== null) values.push(JSON.stringify(value))
      })
      cells[column] =
        values.length === 0 ? null : values.length === 1 ? (values[0] ?? null) : values
    }
    return { id: entry.entry_id, cells }
  }
}
