import type { MeterSample } from '../../../shared/ipc/channels/net'

const WIDTH = 240
const HEIGHT = 44

/**
 * The last 60 seconds: completed requests per second as a filled line, refusals (503/429) as
 * red ticks along the bottom. Scaled to the busiest second so a quiet server still shows shape.
 */
export function Sparkline({ history }: { history: readonly MeterSample[] }) {
  const peak = Math.max(1, ...history.map((s) => s.completed))
  const step = history.length > 1 ? WIDTH / (history.length - 1) : WIDTH
  const y = (value: number) => HEIGHT - 4 - (value / peak) * (HEIGHT - 8)
  const points = history.map((s, i) => `${(i * step).toFixed(1)},${y(s.completed).toFixed(1)}`)
  const line = points.join(' ')
  const area = `0,${HEIGHT} ${line} ${WIDTH},${HEIGHT}`
  const refusals = history.filter((s) => s.throttled > 0).length
  const total = history.reduce((sum, s) => sum + s.completed, 0)
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      height={HEIGHT}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Last 60 seconds: ${total} requests completed, refusals in ${refusals} of the seconds`}
      data-testid="meter-sparkline"
      style={{ display: 'block', overflow: 'visible' }}
    >
      <line
        x1={0}
        x2={WIDTH}
        y1={HEIGHT - 0.5}
        y2={HEIGHT - 0.5}
        stroke="var(--mantine-color-default-border)"
      />
      <polygon points={area} fill="var(--mantine-primary-color-light)" />
      <polyline
        points={line}
        fill="none"
        stroke="var(--mantine-primary-color-filled)"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
      />
      {history.map((s, i) =>
        s.throttled > 0 ? (
          <rect
            key={s.t}
            data-testid="meter-sparkline-refusal"
            x={i * step - 1}
            y={HEIGHT - 10}
            width={2}
            height={10}
            fill="var(--mantine-color-red-6)"
          />
        ) : null,
      )}
    </svg>
  )
}
