import { Box } from '@mantine/core'
import { LazyTooltip } from './lazy-tooltip'
import type { ConnectionState, ServerStatus } from '../../shared/ipc/models/server-profile'

const COLORS: Record<ConnectionState, string> = {
  online: 'var(--mantine-color-teal-6)',
  checking: 'var(--mantine-color-yellow-5)',
  offline: 'var(--mantine-color-gray-5)',
  error: 'var(--mantine-color-red-6)',
  unknown: 'var(--mantine-color-gray-4)',
}

const LABELS: Record<ConnectionState, string> = {
  online: 'Online',
  checking: 'Checking…',
  offline: 'Offline',
  error: 'Problem',
  unknown: 'Not checked yet',
}

/** One short phrase for a server's state, e.g. "Online · NOMAD 1.3.16". */
export function describeStatus(status: ServerStatus | undefined): string {
  const state = status?.state ?? 'unknown'
  if (state === 'online' && status?.version) return `Online · NOMAD ${status.version}`
  if (state === 'offline' && status?.manual === true) return 'Offline · working offline'
  return LABELS[state]
}

export function ConnectionDot({
  status,
  size = 10,
  withTooltip = false,
}: {
  status: ServerStatus | undefined
  size?: number
  withTooltip?: boolean
}) {
  const state = status?.state ?? 'unknown'
  const dot = (
    <Box
      component="span"
      data-testid="connection-dot"
      data-state={state}
      aria-label={LABELS[state]}
      role="img"
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: COLORS[state],
        boxShadow:
          state === 'online'
            ? `0 0 0 3px color-mix(in srgb, ${COLORS.online} 25%, transparent)`
            : undefined,
      }}
    />
  )
  if (!withTooltip) return dot
  return (
    <LazyTooltip label={status?.message ?? describeStatus(status)} multiline maw={320} withArrow>
      {dot}
    </LazyTooltip>
  )
}
