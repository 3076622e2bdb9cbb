import { describe, expect, it } from 'vitest'
import { nodeFromAnswer } from './archive-model'
import {
  arrayInfo,
  axisFor,
  downsample,
  MAX_POINTS,
  pairedAxis,
  plotChoice,
  plotData,
} from './plot-data'

const node = (value: unknown) => nodeFromAnswer({ path: ['x'], value: value as never, marks: [] })
const ev = { symbol: 'eV', convert: (v: number) => v / 1.602176634e-19 }

describe('plot data', () => {
  it('states shape and type of 1-D and 2-D numeric arrays, nothing for other lists', () => {
    expect(arrayInfo(node([1, 2, 3]))).toEqual({ shape: [3], dtype: 'int', complete: true })
    expect(
      arrayInfo(
        node([
          [0.5, 1, 2],
          [3, 4, 5],
        ]),
      ),
    ).toMatchObject({ shape: [2, 3], dtype: 'float' })
    expect(arrayInfo(node(['a', 'b']))).toBeUndefined()
    expect(arrayInfo(node([{ a: 1 }]))).toBeUndefined()
  })
  it('draws 1-D against the index in the quantity’s unit, every point when few', () => {
    const data = plotData([1.602176634e-19, 3.204353268e-19], 'energies', ev)
    expect(data.x).toEqual([0, 1])
    expect(data.series).toEqual([{ label: 'energies (eV)', values: [1, 2] }])
    expect(data).toMatchObject({ points: 2, drawn: 2, xLabel: 'index' })
  })
  it('draws a 2-D array per column when it has few columns (xyz), per row otherwise', () => {
    const xyz = plotData(
      [
        [0, 1, 2],
        [3, 4, 5],
      ],
      'positions',
      undefined,
    )
    expect(xyz.series.map((s) => s.label)).toEqual([
      'positions[:, 0]',
      'positions[:, 1]',
      'positions[:, 2]',
    ])
    expect(xyz.series[2]?.values).toEqual([2, 5])
    const bands = plotData(
      [Array.from({ length: 40 }, (_, i) => i), Array.from({ length: 40 }, () => 1)],
      'e',
      undefined,
    )
    expect(bands.series).toHaveLength(2)
    expect(bands.points).toBe(40)
  })
  it('downsamples big arrays to min/max pairs, keeping the extremes, and says so', () => {
    const n = 100_000
    const y = Array.from({ length: n }, (_, i) => Math.sin(i / 50))
    y[54_321] = 99
    const data = plotData(y, 'value', undefined)
    expect(data.points).toBe(n)
    expect(data.drawn).toBeLessThanOrEqual(MAX_POINTS)
    expect(data.drawn).toBeGreaterThan(MAX_POINTS / 2)
    expect(Math.max(...(data.series[0]?.values ?? []))).toBe(99)
    expect(data.x).toContain(54_321)
    // x stays in order.
    expect([...data.x].sort((a, b) => a - b)).toEqual(data.x)
    expect(downsample([1, 2], [[3, 4]])).toEqual({ x: [1, 2], ys: [[3, 4]] })
  })
  it('pairs an energy–volume curve’s energies with its volumes', () => {
    const curve = node({ volumes: [1e-29, 2e-29, 3e-29], energies_raw: [-1e-18, -2e-18, -1.5e-18] })
    const x = pairedAxis(curve, 'energies_raw')
    expect(x).toEqual({ key: 'volumes', values: [1e-29, 2e-29, 3e-29] })
    const a3 = { symbol: 'Å^3', convert: (v: number) => v * 1e30 }
    const data = plotData([-1e-18, -2e-18, -1.5e-18], 'energies_raw', ev, {
      values: x?.values ?? [],
      label: 'volumes',
      unit: a3,
    })
    expect(data.xLabel).toBe('volumes (Å^3)')
    expect(data.x.map((v) => Math.round(v))).toEqual([10, 20, 30])
    expect(pairedAxis(curve, 'volumes')).toBeUndefined()
  })
})

describe('what is plotted', () => {
  const info = (shape: number[], dtype: 'int' | 'float' = 'float') => ({ shape, dtype })
  it('keeps lines for series: SCF energies, DOS, band energies, E–V curves', () => {
    expect(plotChoice('energy_total', info([40]), false).kind).toBe('lines')
    expect(plotChoice('value', info([2, 3001]), true).kind).toBe('lines') // DOS per spin
    expect(plotChoice('energies', info([120, 16]), false).kind).toBe('lines') // bands per k-point
    expect(plotChoice('energy', info([7]), true).kind).toBe('lines') // against volumes
  })
  it('shows coordinates, cell vectors, short vectors and atom labels as a table', () => {
    expect(plotChoice('positions', info([32, 3]), false)).toMatchObject({
      kind: 'table',
      reason: expect.stringContaining('32 vectors of 3 components') as string,
    })
    expect(plotChoice('forces', info([8, 3]), false).kind).toBe('table')
    expect(plotChoice('lattice_vectors', info([3, 3]), false)).toMatchObject({
      kind: 'table',
      reason: expect.stringContaining('small matrix') as string,
    })
    expect(plotChoice('lattice_parameters', info([3]), false).kind).toBe('table')
    expect(plotChoice('atomic_numbers', info([32], 'int'), false).kind).toBe('table')
    expect(plotChoice('velocities', info([32, 4]), false).kind).toBe('table')
  })
})

describe('the x of a DOS', () => {
  // The sandbox's and NOMAD's shape: energies on the DOS section, each spin's values in total[i].
  const root = nodeFromAnswer({
    path: [],
    value: {
      dos_electronic: [{ energies: [-2, -1, 0, 1], total: [{ spin: 0, value: [3, 1, 0, 2] }] }],
    },
    marks: [],
  })
  it('draws total[i].value against the DOS section’s energies', () => {
    const x = axisFor(root, ['dos_electronic', 0, 'total', 0, 'value'])
    expect(x).toEqual({
      key: 'energies',
      values: [-2, -1, 0, 1],
      path: ['dos_electronic', 0, 'energies'],
    })
    const data = plotData([3, 1, 0, 2], 'value', undefined, {
      values: x?.values ?? [],
      label: 'energies',
      unit: undefined,
    })
    expect(data.xLabel).toBe('energies')
    expect(data.x).toEqual([-2, -1, 0, 1])
    expect(data.series[0]?.values).toEqual([3, 1, 0, 2])
  })
  it('keeps the energies themselves, and arrays with no x, against the index', () => {
    expect(axisFor(root, ['dos_electronic', 0, 'energies'])).toBeUndefined()
    expect(
      axisFor(nodeFromAnswer({ path: [], value: { a: [1, 2] }, marks: [] }), ['a']),
    ).toBeUndefined()
  })
})
