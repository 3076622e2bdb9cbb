import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
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

  it('re-renders only the rows whose selection changed when another row is selected', () => {
    const root = nodeFromAnswer({
      path: [],
      value: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`key${i}`, i])),
      marks: [],
    })
    const { rows } = visibleRows(root, { expanded: new Set(), shownItems: new Map(), filter: '' })
    // A row asks for its unit each time it renders: the calls count the rows' renders.
    const unitOf = vi.fn((_path: (string | number)[]) => undefined)
    const tree = (selected: string | null) => (
      <MantineProvider>
        <ArchiveTree
          rows={rows}
          selected={selected}
          loading={new Set()}
          errors={new Map()}
          // New handlers on every render, as the viewer passes them.
          onSelect={() => undefined}
          onToggle={() => undefined}
          onMore={() => undefined}
          onLoad={() => undefined}
          describeRef={() => ''}
          onFollow={() => undefined}
          unitOf={unitOf}
        />
      </MantineProvider>
    )
    const { rerender } = render(tree(null))
    expect(unitOf).toHaveBeenCalledTimes(10)
    unitOf.mockClear()
    rerender(tree(pathKey(['key3'])))
    expect(unitOf.mock.calls.map(([path]) => path)).toEqual([['key3']])
    expect(screen.getByRole('treeitem', { selected: true })).toHaveAttribute('data-path', 'key3')
    unitOf.mockClear()
    rerender(tree(pathKey(['key7'])))
    expect(unitOf.mock.calls.map(([path]) => path)).toEqual([['key3'], ['key7']])
  })
})
