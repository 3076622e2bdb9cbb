import type { Reminders as RemindersPayload } from '../../../shared/ipc/channels/tokens'
import type { TokenVault } from '../vault/vault'
import { daysLeft, dueForReminder } from './views'

export const DEFAULT_REMINDER_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

/** An OS notification (desktop). Web mode has none and shows the in-app banner instead. */
export type NotifyPort = (notification: { title: string; body: string }) => void

export interface RemindersDeps {
  vault: () => TokenVault | undefined
  serverName: (serverId: string) => string | undefined
  now: () => number
  days: () => number
  saveDays: (days: number) => void
  /** Every change of the list (the 'tokens.reminders' event). */
  publish: (payload: RemindersPayload) => void
  notify?: NotifyPort
  intervalMs?: number
}

export interface Reminders {
  current(): RemindersPayload
  setDays(days: number): RemindersPayload
  /** Recomputes and publishes; with `notify`, also raises OS notifications (start and daily). */
  refresh(options?: { notify?: boolean }): void
  dispose(): void
}

/** Stored tokens that expire within the window, or have expired, soonest first. */
export function computeReminders(
  vault: TokenVault | undefined,
  reminderDays: number,
  now: number,
  serverName: (serverId: string) => string | undefined,
): RemindersPayload {
  const items = (vault?.all() ?? []).flatMap(({ serverId, token }) => {
    const name = serverName(serverId)
    if (token.expiresAt === null || name === undefined) return []
    const expired = Date.parse(token.expiresAt) <= now
    if (!expired && !dueForReminder(token, now, reminderDays)) return []
    const left = daysLeft(token.expiresAt, now)
    return [
      {
        serverId,
        serverName: name,
        storedId: token.id,
        name: token.name,
        kind: token.kind,
        expiresAt: token.expiresAt,
        daysLeft: left,
        expired,
      },
    ]
  })
  items.sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt))
  return { reminderDays, items }
}

function notificationFor(item: RemindersPayload['items'][number]) {
  const what = item.kind === 'app-token' ? 'App token' : 'Token'
  if (item.expired)
    return {
      title: `${what} “${item.name}” has expired`,
      body: `On ${item.serverName}. The app no longer uses it; create a replacement on the Tokens screen.`,
    }
  const when =
    item.daysLeft <= 0 ? 'today' : item.daysLeft === 1 ? 'tomorrow' : `in ${item.daysLeft} days`
  return {
    title: `${what} “${item.name}” expires ${when}`,
    body: `On ${item.serverName}. Rotate it or create a replacement on the Tokens screen.`,
  }
}

/** Expiry reminders for stored tokens: on start, daily, and whenever the vault changes. */
export function createReminders(deps: RemindersDeps): Reminders {
  const current = () => computeReminders(deps.vault(), deps.days(), deps.now(), deps.serverName)
  const refresh = (options: { notify?: boolean } = {}) => {
    const payload = current()
    deps.publish(payload)
    if (options.notify && deps.notify)
      for (const item of payload.items) deps.notify(notificationFor(item))
  }
  const timer = setInterval(() => refresh({ notify: true }), deps.intervalMs ?? DAY_MS)
  timer.unref?.()
  return {
    current,
    setDays(days) {
      deps.saveDays(days)
      refresh()
      return current()
    },
    refresh,
    dispose: () => clearInterval(timer),
  }
}
