import { Text, useComputedColorScheme } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import type uPlot from 'uplot'
import { formatNumber } from './format-number'
import type { PlotData } from './plot-data'

const PALETTE = ['#4c6ef5', '#f76707', '#12b886', '#e64980', '#7950f2', '#fab005']

/**
 * A chart of one array, drawn by uPlot (small and fast on 100 000s of points, canvas-based).
 * uPlot is imported when the first chart is shown, so it is a chunk of its own and the app's
 * first screen does not load it.
 */
export function ArrayPlot({ data }: { data: PlotData }) {
  const host = useRef<HTMLDivElement>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const dark = useComputedColorScheme('light') === 'dark'

  useEffect(() => {
    let chart: uPlot | undefined
    let cancelled = false
    const element = host.current
    if (!element) return
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return
        const axis = {
          stroke: dark ? '#c1c2c5' : '#495057',
          grid: { stroke: dark ? '#373a40' : '#e9ecef' },
        }
        chart = new UPlot(
          {
            width: Math.max(240, element.clientWidth),
            height: 220,
            scales: { x: { time: false } },
            axes: [
              { ...axis, label: data.xLabel },
              // One series has no legend: its name and unit label the y axis instead.
              {
                ...axis,
                size: 70,
                // Short ticks: a DOS in states per joule reaches 1e19, which uPlot's grouped
                // digits cut at the axis's edge ("0,000,000,000").
                values: (_chart: uPlot, ticks: number[]) => ticks.map(formatNumber),
                label: data.series.length === 1 ? data.series[0]?.label : undefined,
              },
            ],
            legend: { show: data.series.length > 1 },
            series: [
              { label: data.xLabel },
              ...data.series.map((s, i) => ({
                label: s.label,
                stroke: PALETTE[i % PALETTE.length],
                width: 1.5,
              })),
            ],
          },
          [data.x, ...data.series.map((s) => s.values)],
          element,
        )
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(error instanceof Error ? error.message : String(error))
      })
    return () => {
      cancelled = true
      chart?.destroy()
    }
  }, [data, dark])

  return (
    <div data-testid="archive-plot">
      <div
        ref={host}
        role="img"
        aria-label={`Plot of ${data.series.map((s) => s.label).join(', ')} against ${data.xLabel}`}
      />
      {failure && (
        <Text size="xs" c="red">
          The chart could not be drawn: {failure}
        </Text>
      )}
    </div>
  )
}
