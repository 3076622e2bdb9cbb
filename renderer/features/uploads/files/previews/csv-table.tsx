import { Table, Text } from '@mantine/core'
import { MAX_CSV_ROWS } from './parse-structured'
import classes from './previews.module.css'

/** The first rows of a CSV file as a table, header sticky. */
export function CsvTable({
  header,
  rows,
  truncated,
}: {
  header: string[]
  rows: string[][]
  truncated: boolean
}) {
  return (
    <>
      <Table
        className={classes.csv}
        striped
        verticalSpacing={3}
        highlightOnHover
        withTableBorder
        stickyHeader
        data-testid="preview-table"
      >
        <Table.Thead>
          <Table.Tr>
            {header.map((cell, i) => (
              <Table.Th key={i}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            <Table.Tr key={r}>
              {row.map((cell, i) => (
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {truncated && (
        <Text size="xs" c="dimmed" p="xs">
          The first {MAX_CSV_ROWS.toLocaleString('en-US')} rows; switch to Text for the rest.
        </Text>
      )}
    </>
  )
}
