import { describe, expect, it } from 'vitest'
import type { ArchiveAnswer } from '../../../shared/ipc/channels/archive'
import {
  canLoad,
  graft,
  isComplete,
  nodeAt,
  nodeFromAnswer,
  summary,
  toJson,
  type TreeNode,
} from './archive-model'
import { LIST_CHUNK, showingPath, visibleRows } from './archive-rows'

const TOP: ArchiveAnswer = {
  path: [],
  value: { metadata: null, run: [], processing_logs: [] },
  marks: [
    { kind: 'lazy', path: ['metadata'] },
    { kind: 'partial', path: ['run'], length: 2, items: 'section' },
    { kind: 'partial', path: ['processing_logs'], length: 45, items: 'section' },
  ],
}

const none = { expanded: new Set<string>(), shownItems: new Map<string, number>(), filter: '' }
const open = (...paths: (string | number)[][]) => ({
  ...none,
  expanded: new Set(paths.map((p) => JSON.stringify(p))),
})
const labels = (root: TreeNode, options = none) =>
  visibleRows(root, options).rows.map((r) =>
    r.kind === 'node' ? `${'  '.repeat(r.depth)}${r.label}` : `${'  '.repeat(r.depth)}<${r.kind}>`,
  )

describe('the archive tree model', () => {
  it('turns the top-level answer into placeholders with list lengths', () => {
    const root = nodeFromAnswer(TOP)
    expect(nodeAt(root, ['metadata'])).toEqual({ t: 'lazy' })
    expect(summary(nodeAt(root, ['run']))).toBe('2 items')
    expect(nodeAt(root, ['run', 0])).toBeUndefined()
    expect(canLoad(undefined, ['run', 0], nodeAt(root, ['run']))).toBe(true)
    expect(isComplete(root)).toBe(false)
  })

  it('grafts a loaded section at its path, and a list item beyond those loaded', () => {
    let root = nodeFromAnswer(TOP)
    root = graft(
      root,
      ['metadata'],
      nodeFromAnswer({ path: ['metadata'], value: { entry_id: 'e1', n: 3 }, marks: [] }),
    )
    root = graft(
      root,
      ['run', 1],
      nodeFromAnswer({ path: ['run', 1], value: { program: { name: 'VASP' } }, marks: [] }),
    )
    expect(toJson(nodeAt(root, ['metadata']))).toEqual({ entry_id: 'e1', n: 3 })
    expect(isComplete(nodeAt(root, ['metadata']))).toBe(true)
    expect(nodeAt(root, ['run', 0])).toBeUndefined()
    expect(summary(nodeAt(root, ['run', 1, 'program', 'name']))).toBe('"VASP"')
    expect(labels(root, open(['run'], ['run', 1]))).toEqual([
      'metadata',
      'run',
      '  [0]',
      '  [1]',
      '    program',
      'processing_logs',
    ])
  })

  it('shows long lists in chunks and says how many values were left on the server', () => {
    const long = nodeFromAnswer({
      path: [],
      value: { processing_logs: Array.from({ length: LIST_CHUNK + 5 }, (_, i) => `line ${i}`) },
      marks: [],
    })
    const logs = labels(long, open(['processing_logs']))
    expect(logs.filter((l) => l.startsWith('  ['))).toHaveLength(LIST_CHUNK)
    expect(logs).toContain('  <more>')
    const values = nodeFromAnswer({
      path: [],
      value: {
        positions: [
          [0, 0, 0],
          [1, 1, 1],
        ],
      },
      marks: [{ kind: 'partial', path: ['positions'], length: 500, items: 'value' }],
    })
    const rows = visibleRows(values, open(['positions'])).rows
    expect(rows.at(-1)).toMatchObject({ kind: 'rest', missing: 498, loadable: true })
    // The same list asked for by its own path and still shortened cannot grow any more.
    const capped = nodeFromAnswer({
      path: ['positions'],
      value: [[0, 0, 0]],
      marks: [{ kind: 'partial', path: ['positions'], length: 500, items: 'value' }],
    })
    expect(visibleRows(capped, none).rows.at(-1)).toMatchObject({ kind: 'rest', loadable: false })
  })

  it('filters loaded keys and opens their parents, counting matches', () => {
    const root = nodeFromAnswer({
      path: [],
      value: { results: { material: { chemical_formula_hill: 'O2Ti', elements: ['O', 'Ti'] } } },
      marks: [],
    })
    const view = visibleRows(root, { ...none, filter: 'FORMULA' })
    expect(view.matches).toBe(1)
    expect(view.rows.map((r) => (r.kind === 'node' ? r.path.join('/') : r.kind))).toEqual([
      'results',
      'results/material',
      'results/material/chemical_formula_hill',
    ])
  })
})

describe('a list of 100,000 sections', () => {
  const long = (): TreeNode =>
    nodeFromAnswer({
      path: [],
      value: { calculation: [{ step: 0 }] },
      marks: [{ kind: 'partial', path: ['calculation'], length: 100_000, items: 'section' }],
    })

  it('shows the chunk holding a revealed item, however far down it is', () => {
    const path = ['calculation', 99_999, 'step']
    const shown = showingPath(new Map(), path)
    expect(shown.get(JSON.stringify(['calculation']))).toBe(100_000)
    const rows = visibleRows(long(), {
      ...open(['calculation'], ['calculation', 99_999]),
      shownItems: shown,
    }).rows
    expect(
      rows.some((r) => r.kind === 'node' && r.key === JSON.stringify(['calculation', 99_999])),
    ).toBe(true)
    // Items in the first chunk, and lists already showing them, change nothing.
    const few = new Map([[JSON.stringify(['calculation']), 2000]])
    expect(showingPath(few, ['calculation', 1500])).toBe(few)
    expect(showingPath(few, ['calculation', 2500]).get(JSON.stringify(['calculation']))).toBe(3000)
  })

  it('searches only the loaded items, not the placeholders', () => {
    let root = long()
    root = graft(
      root,
      ['calculation', 99_999],
      nodeFromAnswer({ path: ['calculation', 99_999], value: { step: 99_999 }, marks: [] }),
    )
    const view = visibleRows(root, { ...none, filter: '99999' })
    expect(view.hits).toEqual([['calculation', 99_999, 'step']])
    expect(view.rows.map((r) => r.path)).toEqual([
      ['calculation'],
      ['calculation', 99_999],
      ['calculation', 99_999, 'step'],
    ])
  })
})
