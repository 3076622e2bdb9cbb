import { Notifications, useNotifications } from '@mantine/notifications'
import { useState } from 'react'

/**
 * Mantine's Notifications, mounted when the first notification is shown and kept from then on.
 * Why: mounted with the providers, it put a portal and six transition groups (one per corner)
 * into the first render, and rendered twice more (the portal's and the groups' mount state)
 * while the start-up answer waited for the main thread (docs/performance.md). The store keeps
 * what was shown before the mount, and Notifications shows it when it mounts.
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications()
  const [mounted, setMounted] = useState(false)
  // Adjusting state while rendering (React re-renders at once, before children see it).
  if (!mounted && (notifications.length > 0 || queue.length > 0)) setMounted(true)
  return mounted ? <Notifications position="bottom-right" /> : null
}
