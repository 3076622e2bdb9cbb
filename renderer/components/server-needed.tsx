import type { ReactElement } from 'react'
import { useInvoke } from '../ipc/hooks'
import { LazyTooltip } from './lazy-tooltip'

/**
 * Why an action that needs the active server cannot run now — the user works offline from it,
 * or it cannot be reached — or undefined. Such buttons stay visible, disabled, with this as
 * their tooltip (docs/offline.md), so nothing is sent to fail halfway.
 */
export function useServerNeeded(): string | undefined {
  const list = useInvoke('servers.list', {})
  const status = useInvoke('app.status', {})
  const activeId = list.data?.activeServerId
  const active = list.data?.servers.find((s) => s.id === activeId)
  const state = activeId === undefined ? undefined : status.data?.servers[activeId]
  if (active === undefined || state?.state !== 'offline') return undefined
  return state.manual === true
    ? `You are working offline from ${active.name}. Switch “Work offline” off to do this.`
    : `${active.name} cannot be reached; this needs the server.`
}

/** Shows `reason` as the tooltip of a disabled control (a span keeps it hoverable). */
export function ServerNeededTooltip({
  reason,
  children,
}: {
  reason: string | undefined
  children: ReactElement
}) {
  if (reason === undefined) return children
  return (
    <LazyTooltip label={reason} multiline maw={320} withArrow>
      <span data-testid="server-needed" style={{ display: 'inline-flex' }}>
        {children}
      </span>
    </LazyTooltip>
  )
}
