import { Stack, Text } from '@mantine/core'
import { lazy, Suspense, useMemo } from 'react'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { nodeAt, type NumberUnit, type TreeNode } from './archive-model'
import { ArrayTable } from './array-table'
import { arrayInfo, MAX_SERIES, numericArray, axisFor, plotChoice, plotData } from './plot-data'

const ArrayPlot = lazy(() => import('./array-plot').then((m) => ({ default: m.ArrayPlot })))
const fmt = (n: number) => n.toLocaleString('en-US')

/**
 * A numeric array's shape and type, and its plot: against an x array where its section (or,
 * for a DOS's `total[i].value`, the section listing it) has one (volumes, energies,
 * frequencies), else against the index. What the chart draws of
 * big arrays is stated under it.
 */
export function ArrayPanel({
  path,
  node,
  root,
  unitOf,
}: {
  path: ArchivePath
  node: TreeNode | undefined
  /** The loaded tree, where the x of the array is looked for (`axisFor`). */
  root: TreeNode | undefined
  unitOf: (path: ArchivePath, node: TreeNode | undefined) => NumberUnit | undefined
}) {
  const info = arrayInfo(node)
  const key = path[path.length - 1]
  const name = typeof key === 'string' ? key : 'value'
  const x = useMemo(() => axisFor(root, path), [root, path])
  const choice = info ? plotChoice(name, info, x !== undefined) : undefined
  const values = useMemo(() => numericArray(node), [node])
  const data = useMemo(() => {
    if (!values || !info?.complete || values.length < 2 || choice?.kind !== 'lines')
      return undefined
    return plotData(
      values,
      name,
      unitOf(path, node),
      x && root
        ? { values: x.values, label: x.key, unit: unitOf(x.path, nodeAt(root, x.path)) }
        : undefined,
    )
  }, [values, node, root, path, unitOf, info?.complete, choice?.kind, name, x])
  if (!info) return null
  return (
    <Stack gap={4} data-testid="archive-array">
      <Text size="xs" c="dimmed" data-testid="archive-array-shape">
        Array · shape [{info.shape.map(fmt).join(' × ')}] ·{' '}
        {info.dtype === 'int' ? 'integers' : 'floating point'}
        {info.complete ? '' : ' · not all loaded: load the rest to plot it'}
      </Text>
      {choice?.kind === 'table' && values && info?.complete && (
        <ArrayTable values={values} unit={unitOf(path, node)} reason={choice.reason} />
      )}
      {data && (
        <>
          <Suspense fallback={<Text size="xs">Loading the chart…</Text>}>
            <ArrayPlot data={data} />
          </Suspense>
          <Text size="xs" c="dimmed" data-testid="archive-plot-note">
            {data.drawn < data.points
              ? `Drawn from ${fmt(data.drawn)} of ${fmt(data.points)} points per series (the smallest and largest of each stretch, so peaks stay); the data is whole, Copy value copies every point.`
              : `All ${fmt(data.points)} points drawn.`}
            {data.seriesTotal > MAX_SERIES
              ? ` The first ${MAX_SERIES} of ${fmt(data.seriesTotal)} series are drawn.`
              : ''}
          </Text>
        </>
      )}
    </Stack>
  )
}
