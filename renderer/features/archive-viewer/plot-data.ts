import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { loadedCount, nodeAt, type NumberUnit, type TreeNode } from './archive-model'

/**
 * Numeric arrays of the archive as plots: what shape and type an array has, and the series a
 * chart draws, downsampled (min/max per bucket, so peaks survive) when there are more points
 * than a chart can show; how much was drawn is always stated, never silently cut.
 */

export interface ArrayInfo {
  shape: number[]
  dtype: 'int' | 'float' | 'mixed'
  /** Every value is loaded (a list cut by core must be loaded whole first). */
  complete: boolean
}

/** The numbers of a loaded list (1-D) or list of lists (2-D); undefined for anything else. */
export function numericArray(node: TreeNode | undefined): number[][] | number[] | undefined {
  if (node?.t !== 'list' || node.length === 0) return undefined
  const rows: number[][] = []
  const flat: number[] = []
  for (const item of node.items) {
    if (item?.t === 'value' && typeof item.value === 'number') flat.push(item.value)
    else if (item?.t === 'list' && item.items.every((v) => v?.t === 'value')) {
      const row: number[] = []
      for (const v of item.items)
        if (v?.t === 'value' && typeof v.value === 'number') row.push(v.value)
      if (row.length !== item.length) return undefined
      rows.push(row)
    } else if (item !== undefined) return undefined
  }
  if (flat.length > 0 && rows.length > 0) return undefined
  return rows.length > 0 ? rows : flat
}

/** Shape and type of a list of numbers, as far as it is loaded. */
export function arrayInfo(node: TreeNode | undefined): ArrayInfo | undefined {
  const values = numericArray(node)
  if (!values || node?.t !== 'list') return undefined
  const complete = loadedCount(node) === node.length
  const first = values[0]
  const shape = Array.isArray(first) ? [node.length, first.length] : [node.length]
  const all = (values as (number | number[])[]).flat()
  const ints = all.every(Number.isInteger)
  return { shape, dtype: ints ? 'int' : 'float', complete }
}

export interface PlotSeries {
  label: string
  values: number[]
}

export interface PlotData {
  x: number[]
  xLabel: string
  series: PlotSeries[]
  /** Points per series before downsampling. */
  points: number
  /** Points per series drawn. */
  drawn: number
  /** Series in the data; more than MAX_SERIES are not drawn (and the note says so). */
  seriesTotal: number
}

/** Points per series a chart draws at most (as min/max pairs). */
export const MAX_POINTS = 2_000
export const MAX_SERIES = 12

/**
 * Min/max decimation: each of MAX_POINTS/2 buckets keeps its smallest and largest value at
 * their positions, in order, so spikes and the envelope stay; x keeps the matching positions.
 */
export function downsample(x: number[], ys: number[][]): { x: number[]; ys: number[][] } {
  if (x.length <= MAX_POINTS) return { x, ys }
  const buckets = MAX_POINTS / 2
  const size = x.length / buckets
  const keep: number[] = []
  const lead = ys[0] ?? []
  for (let b = 0; b < buckets; b++) {
    const start = Math.floor(b * size)
    const end = Math.min(x.length, Math.floor((b + 1) * size))
    let min = start
    let max = start
    for (let i = start; i < end; i++) {
      if ((lead[i] ?? 0) < (lead[min] ?? 0)) min = i
      if ((lead[i] ?? 0) > (lead[max] ?? 0)) max = i
    }
    keep.push(Math.min(min, max))
    if (max !== min) keep.push(Math.max(min, max))
  }
  return { x: keep.map((i) => x[i] ?? i), ys: ys.map((y) => keep.map((i) => y[i] ?? NaN)) }
}

const convertAll = (values: number[], unit: NumberUnit | undefined) =>
  unit ? values.map(unit.convert) : values

/**
 * What a chart draws for an array: a 1-D one against its index; a 2-D one as one series per
 * column (a few columns: xyz of positions) or per row (many columns: bands per k-point).
 * `x` pairs a 1-D array with another of the same length (volumes of an energy–volume curve).
 */
export function plotData(
  values: number[] | number[][],
  name: string,
  unit: NumberUnit | undefined,
  x?: { values: number[]; label: string; unit: NumberUnit | undefined },
): PlotData {
  const suffix = (label: string, u: NumberUnit | undefined) =>
    u ? `${label} (${u.symbol})` : label
  let series: PlotSeries[]
  const first = values[0]
  if (!Array.isArray(first))
    series = [{ label: suffix(name, unit), values: convertAll(values as number[], unit) }]
  else {
    const rows = values as number[][]
    const byColumn = first.length <= MAX_SERIES
    const count = byColumn ? first.length : rows.length
    series = Array.from({ length: count }, (_, s) => ({
      label: suffix(`${name}[${byColumn ? `:, ${s}` : `${s}, :`}]`, unit),
      values: convertAll(byColumn ? rows.map((r) => r[s] ?? NaN) : (rows[s] ?? []), unit),
    }))
  }
  const seriesTotal = series.length
  series = series.slice(0, MAX_SERIES)
  const points = series[0]?.values.length ?? 0
  const xs =
    x && x.values.length === points
      ? convertAll(x.values, x.unit)
      : Array.from({ length: points }, (_, i) => i)
  const sampled = downsample(
    xs,
    series.map((s) => s.values),
  )
  return {
    x: sampled.x,
    xLabel: x && x.values.length === points ? suffix(x.label, x.unit) : 'index',
    series: series.map((s, i) => ({ label: s.label, values: sampled.ys[i] ?? [] })),
    points,
    drawn: sampled.x.length,
    seriesTotal,
  }
}

/** Keys that are the x of their sibling arrays (energy–volume curves, DOS, spectra). */
const X_KEYS = ['volumes', 'energies', 'frequencies', 'times', 'temperatures', 'kpoints']

/**
 * For a selected section: a sibling 1-D array to draw another against (`volumes` for
 * `energies_raw`), by key; undefined when the section has none.
 */
export function pairedAxis(
  parent: TreeNode | undefined,
  key: string,
): { key: string; values: number[] } | undefined {
  if (parent?.t !== 'object' || X_KEYS.includes(key)) return undefined
  for (const x of X_KEYS) {
    const values = numericArray(parent.children[x])
    if (values && !Array.isArray(values[0])) return { key: x, values: values as number[] }
  }
  return undefined
}

/**
 * The x of the array at `path`: a sibling (`volumes` beside `energies_raw`), else one on the
 * section whose list holds the array's section — a DOS keeps `energies` on the DOS section and
 * each spin's `value` in `total[i]` (NOMAD's and the sandbox's shape), so `total[0].value` is
 * drawn against `dos_electronic[0].energies`, not the index. With its path, for its unit.
 */
export function axisFor(
  root: TreeNode | undefined,
  path: ArchivePath,
): { key: string; values: number[]; path: ArchivePath } | undefined {
  const key = path[path.length - 1]
  if (root === undefined || typeof key !== 'string') return undefined
  // 1: the array's own section; 3: up through `total` and `[0]` to the section that lists them.
  for (const up of [1, 3]) {
    if (path.length < up || (up === 3 && typeof path[path.length - 2] !== 'number')) break
    const section = path.slice(0, -up)
    const found = pairedAxis(nodeAt(root, section), key)
    if (found) return { ...found, path: [...section, found.key] }
  }
  return undefined
}

/** Keys of per-atom vectors and cell vectors: coordinates, never a series against anything. */
const COORDINATE_KEYS =
  /^(positions|velocities|forces?|lattice_vectors|lattice_vectors_reciprocal|reciprocal_lattice_vectors|cell|kpoints)$/
/** Keys of 1-D integer arrays that name things (atoms, species), not a quantity per step. */
const INDEX_KEYS = /(atomic_numbers|_indices|_index|species|_ids?|numbers)$/

/**
 * Whether an array is a series worth a line chart (a quantity against a step, an energy or a
 * volume: SCF energies, DOS, bands, E–V curves) or values better read as a table: n×3
 * coordinates of atoms (positions, forces), cell vectors and other small tensors, short vectors,
 * and integer arrays that label atoms. `reason` says why, under the table.
 */
export function plotChoice(
  key: string,
  info: Pick<ArrayInfo, 'shape' | 'dtype'>,
  paired: boolean,
): { kind: 'lines' } | { kind: 'table'; reason: string } {
  const [rows = 0, columns] = info.shape
  if (paired) return { kind: 'lines' }
  if (columns !== undefined && (columns === 3 || (rows <= 3 && columns <= 3)))
    return {
      kind: 'table',
      reason:
        rows <= 3
          ? 'A small matrix (cell vectors or a tensor): shown as a table, not a plot.'
          : `${rows.toLocaleString('en-US')} vectors of 3 components (one per atom or k-point): shown as a table, not a plot.`,
    }
  if (columns === undefined && rows <= 3)
    return { kind: 'table', reason: 'A vector of up to 3 components: shown as a table.' }
  if (COORDINATE_KEYS.test(key) && columns !== undefined)
    return { kind: 'table', reason: 'Coordinates, not a series: shown as a table.' }
  if (columns === undefined && info.dtype === 'int' && INDEX_KEYS.test(key))
    return { kind: 'table', reason: 'Numbers that label atoms or species, not a series.' }
  return { kind: 'lines' }
}
