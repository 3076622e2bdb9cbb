import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { nodeFromAnswer, pathKey } from './archive-model'
import { visibleRows } from './archive-rows'
import { ArchiveTree } from './archive-tree'

describe('the archive tree', () => {
  it('keeps the rows in the DOM bounded with 100,000 nodes open', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => i * 0.5)
    const root = nodeFromAnswer({ path: [], value: { energies: values }, marks: [] })
    const { rows } = visibleRows(root, {
      expanded: new Set([pathKey(['energies'])]),
      shownItems: new Map([[pathKey(['energies']), values.length]]),
      filter: '',
    })
    expect(rows).toHaveLength(100_001)
    const noop = () => undefined
    render(
      <MantineProvider>
        <ArchiveTree
          rows={rows}
          selected={null}
          loading={new Set()}
          errors={new Map()}
          onSelect={noop}
          onToggle={noop}
          onMore={noop}
          onLoad={noop}
          describeRef={() => ''}
          onFollow={noop}
          unitOf={() => undefined}
        />
      </MantineProvider>,
    )
    const shown = screen.getAllByRole('treeitem')
    expect(shown.length).toBeGreaterThan(20)
    expect(shown.length).toBeLessThan(200)
    expect(screen.getByTestId('archive-tree')).toHaveStyle({ height: `${100_001 * 24}px` })
  })
})
