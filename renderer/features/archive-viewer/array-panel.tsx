import { Stack, Text } from '@mantine/core'
import { lazy, Suspense, useMemo } from 'react'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import type { NumberUnit, TreeNode } from './archive-model'
import { ArrayTable } from './array-table'
import {
  arrayInfo,
  MAX_SERIES,
  numericArray,
  pairedAxis,
  plotChoice,
  plotData,
  siblingPath,
} from './plot-data'

const ArrayPlot = lazy(() => import('./array-plot').then((m) => ({ default: m.ArrayPlot })))
const fmt = (n: number) => n.toLocaleString('en-US')

/**
 * A numeric array's shape and type, and its plot: against a sibling x array where the section
 * has one (volumes, energies, frequencies), else against the index. What the chart draws of
 * big arrays is stated under it.
 */
export function ArrayPanel({
  path,
  node,
  parent,
  unitOf,
}: {
  path: ArchivePath
  node: TreeNode | undefined
  parent: TreeNode | undefined
  unitOf: (path: ArchivePath, node: TreeNode | undefined) => NumberUnit | undefined
}) {
  const info = arrayInfo(node)
  const key = path[path.length - 1]
  const name = typeof key === 'string' ? key : 'value'
  const x = useMemo(
    () => (typeof key === 'string' ? pairedAxis(parent, key) : undefined),
    [parent, key],
  )
  const choice = info ? plotChoice(name, info, x !== undefined) : undefined
  const values = useMemo(() => numericArray(node), [node])
  const data = useMemo(() => {
    if (!values || !info?.complete || values.length < 2 || choice?.kind !== 'lines')
      return undefined
    const xPath = x ? siblingPath(path, x.key) : undefined
    return plotData(
      values,
      name,
      unitOf(path, node),
      x && xPath
        ? {
            values: x.values,
            label: x.key,
            unit: unitOf(xPath, parent?.t === 'object' ? parent.children[x.key] : undefined),
          }
        : undefined,
    )
  }, [values, node, parent, path, unitOf, info?.complete, choice?.kind, name, x])
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
