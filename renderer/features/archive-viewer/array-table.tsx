import { Table, Text } from '@mantine/core'
import { formatNumber } from './format-number'
import type { NumberUnit } from './archive-model'

/** Rows a table shows; the rest stay in the data (Copy value copies them all). */
const MAX_ROWS = 50
const AXES = ['x', 'y', 'z']

/**
 * An array that is not a series (atom positions, cell vectors, labels), as a table of its first
 * rows in the quantity's unit: coordinates read as numbers, not as lines.
 */
export function ArrayTable({
  values,
  unit,
  reason,
}: {
  values: number[] | number[][]
  unit: NumberUnit | undefined
  reason: string
}) {
  const rows = values.slice(0, MAX_ROWS).map((row) => (Array.isArray(row) ? row : [row]))
  const columns = rows[0]?.length ?? 0
  const show = (v: number) => formatNumber(unit ? unit.convert(v) : v)
  return (
    <>
      <Text size="xs" c="dimmed" data-testid="archive-array-table-note">
        {reason}
        {values.length > MAX_ROWS
          ? ` First ${MAX_ROWS} of ${values.length.toLocaleString('en-US')} rows; Copy value copies all.`
          : ''}
      </Text>
      <Table
        striped
        withTableBorder
        fz="xs"
        ff="monospace"
        verticalSpacing={2}
        data-testid="archive-array-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            {Array.from({ length: columns }, (_, c) => (
              <Table.Th key={c}>
                {columns === 3 ? AXES[c] : c}
                {unit ? ` (${unit.symbol})` : ''}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            <Table.Tr key={r}>
              <Table.Td c="dimmed">{r}</Table.Td>
              {row.map((v, c) => (
                <Table.Td key={c}>{show(v)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  )
}
