import type { tokensChannels } from '../../../shared/ipc/channels/tokens'
import type { AuthDomain } from '../auth/auth-domain'
import type { HandlersFor } from '../ipc/router'
import { profileName } from '../servers/server-profiles'
import type { CoreServices } from '../services'
import type { TokenVault } from '../vault/vault'
import type { VaultDomain } from '../vault/vault-domain'
import { createReminders, DEFAULT_REMINDER_DAYS, type NotifyPort } from './reminders'
import { createReveals } from './reveals'
import { createRotations } from './rotations'
import { createTokensHandlers } from './tokens-handlers'
import { createTokensService } from './tokens-service'

export interface TokensDomainDeps {
  auth: Pick<AuthDomain, 'sessions' | 'credentials'>
  vault: Pick<VaultDomain, 'opened' | 'current'>
  /** Desktop: OS notifications for expiry reminders. */
  notify: NotifyPort | undefined
}

/**
 * What happens to a server's credentials when its profile changes. A removed server's tokens
 * must not outlive it; a profile whose address changed must not send the old server's token to
 * the new address, so its session ends and no stored token stays active until the user picks one.
 */
export interface ServerCredentialHooks {
  removed(serverId: string): Promise<void>
  moved(serverId: string): Promise<void>
}

export interface TokensDomain {
  handlers: HandlersFor<typeof tokensChannels>
  /** For the servers domain: credentials follow their profile. */
  servers: ServerCredentialHooks
}

/**
 * Personal access tokens on the server and the ones this app stores in the vault, expiry
 * reminders, and what happens to them when a server profile changes. Announces 'tokens.changed'
 * and 'tokens.reminders'.
 */
export function createTokensDomain(services: CoreServices, deps: TokensDomainDeps): TokensDomain {
  const log = services.logger.child('tokens')
  const { profiles, events, now } = services
  const { sessions, credentials } = deps.auth
  const { opened } = deps.vault
  const serverName = (serverId: string) => profileName(profiles, serverId)

  const reminderDays = () => services.settings.read().tokens?.reminderDays ?? DEFAULT_REMINDER_DAYS
  const reminders = createReminders({
    vault: deps.vault.current,
    serverName,
    now,
    days: reminderDays,
    saveDays: (days) => {
      const doc = services.settings.read()
      services.settings.write({ ...doc, tokens: { ...doc.tokens, reminderDays: days } })
    },
    publish: (payload) => events.emit('tokens.reminders', payload),
    ...(deps.notify === undefined ? {} : { notify: deps.notify }),
  })
  // A vault that cannot be opened is logged by the vault domain; it has no tokens to watch.
  void opened.then(
    (ready) => {
      ready.onChange((serverId) => {
        events.emit('tokens.changed', { serverId: serverId ?? profiles.active().id })
        reminders.refresh()
      })
      reminders.refresh({ notify: true })
    },
    () => undefined,
  )

  const reveals = createReveals()
  const rotations = createRotations(services.dataDir, log)
  const tokens = createTokensService({
    profiles,
    api: services.api,
    vault: () => opened,
    credentials,
    sessions,
    reveals,
    rotations,
    reminderDays,
    now,
    changed: (serverId) => events.emit('tokens.changed', { serverId }),
  })
  services.onDispose(() => {
    reminders.dispose()
    reveals.dispose()
  })

  /** Stored tokens of the server, or none when the vault cannot be read (locked, damaged). */
  async function storedOf(serverId: string): Promise<{ ready: TokenVault; ids: string[] } | null> {
    const ready = await opened.catch(() => undefined)
    if (ready === undefined) return null
    try {
      return { ready, ids: ready.list(serverId).tokens.map((token) => token.id) }
    } catch (error) {
      log.warn('stored tokens of a changed server could not be read', { serverId, error })
      return null
    }
  }

  const servers: ServerCredentialHooks = {
    async removed(serverId) {
      sessions.end(serverId, 'signed-out')
      await rotations.forget(serverId).catch((error: unknown) => {
        log.warn('rotations of a removed server could not be forgotten', { serverId, error })
      })
      const stored = await storedOf(serverId)
      if (stored === null) return
      for (const id of stored.ids) await stored.ready.remove(serverId, id)
    },
    async moved(serverId) {
      sessions.end(serverId, 'signed-out')
      const stored = await storedOf(serverId)
      if (stored === null || stored.ready.list(serverId).activeId === null) return
      await stored.ready.setActive(serverId, null)
    },
  }

  return { handlers: createTokensHandlers(tokens, reminders), servers }
}
