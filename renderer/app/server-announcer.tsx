import { VisuallyHidden } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import type { ServerStatus } from '../../shared/ipc/models/server-profile'
import { useServers } from '../features/servers/use-servers'

type Settled = { serverId: string; reachable: boolean }

/**
 * What a screen reader should hear about the active server's state: only a change between
 * reachable and not, for the same server. Its re-checks ("Checking…", every few minutes and
 * every 30 s while offline) and a repeated outcome say nothing; the state at start and after
 * switching servers is on screen, not announced.
 */
export function serverAnnouncement(
  previous: Settled | undefined,
  server: { id: string; name: string },
  status: ServerStatus | undefined,
): { settled: Settled | undefined; say?: string } {
  const state = status?.state
  if (state === undefined || state === 'checking' || state === 'unknown')
    return { settled: previous?.serverId === server.id ? previous : undefined }
  const settled = { serverId: server.id, reachable: state === 'online' }
  if (previous?.serverId !== server.id || previous.reachable === settled.reachable)
    return { settled }
  // Short: the reason is in the notice above the screen, an alert a screen reader reads itself.
  const say = settled.reachable
    ? `${server.name} is back online.`
    : `${server.name} is ${state === 'offline' ? 'offline' : 'not answering'}.`
  return { settled, say }
}

/** A polite live region in the footer: the active server going offline or coming back. */
export function ServerAnnouncer() {
  const { active } = useServers()
  const settled = useRef<Settled | undefined>(undefined)
  const [message, setMessage] = useState('')
  const status = active?.status
  const id = active?.id
  const name = active?.name
  useEffect(() => {
    if (id === undefined || name === undefined) return
    const step = serverAnnouncement(settled.current, { id, name }, status)
    settled.current = step.settled
    if (step.say) setMessage(step.say)
  }, [id, name, status])
  return (
    <VisuallyHidden role="status" data-testid="server-announcer">
      {message}
    </VisuallyHidden>
  )
}
