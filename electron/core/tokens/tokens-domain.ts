import { AppError } from '../../../shared/errors'
import type { authChannels } from '../../../shared/ipc/channels/auth'
import type { tokensChannels } from '../../../shared/ipc/channels/tokens'
import type { vaultChannels } from '../../../shared/ipc/channels/vault'
import { createAuthHandlers } from '../auth/auth-handlers'
import { createAuthService } from '../auth/auth-service'
import { createAppCredentialSource } from '../auth/credential-source'
import { createSessions } from '../auth/sessions'
import type { HandlersFor } from '../ipc/router'
import type { Logger } from '../logging'
import type { CoreServices } from '../services'
import type { SecretCipher } from '../vault/cipher'
import { createPassphraseCipher } from '../vault/passphrase-cipher'
import { openVault, type TokenVault } from '../vault/vault'
import { createVaultHandlers } from '../vault/vault-handlers'
import { toVaultStatus } from '../vault/vault-status'
import { createReminders, DEFAULT_REMINDER_DAYS, type NotifyPort } from './reminders'
import { createReveals } from './reveals'
import { createTokensHandlers } from './tokens-handlers'
import { createTokensService } from './tokens-service'

export interface TokensDomainOptions {
  /** Electron: safeStorage; web mode and tests: a passphrase cipher (the default). */
  cipher?: SecretCipher
  /** Unlocks a passphrase vault at start (web mode: NOMAD_VAULT_PASSPHRASE). */
  vaultPassphrase?: string
  /** Desktop: OS notifications for expiry reminders. */
  notify?: NotifyPort
}

export type TokensDomainHandlers = HandlersFor<
  typeof authChannels & typeof vaultChannels & typeof tokensChannels
>

/**
 * Opens the vault; a passphrase from the environment that does not fit leaves the vault locked
 * (the Tokens screen then asks) instead of stopping the app.
 */
async function openVaultOrLocked(
  options: Parameters<typeof openVault>[0],
  log: Logger,
): Promise<TokenVault> {
  try {
    return await openVault(options)
  } catch (error) {
    if (options.passphrase === undefined || !(error instanceof AppError)) throw error
    log.warn('the vault passphrase from the environment was not accepted; the vault stays locked', {
      reason: error.message,
    })
    const { passphrase: _ignored, ...rest } = options
    return openVault(rest)
  }
}

/**
 * Sign-in sessions, the token vault and the tokens service, wired to core: plugs the app's
 * CredentialSource into every API client and returns the handlers of the auth.*, vault.* and
 * tokens.* channels.
 */
/**
 * What happens to a server's credentials when its profile changes. A removed server's tokens
 * must not outlive it; a profile whose address changed must not send the old server's token to
 * the new address, so its session ends and no stored token stays active until the user picks one.
 */
export interface ServerCredentialHooks {
  removed(serverId: string): Promise<void>
  moved(serverId: string): Promise<void>
}

export function createTokensDomain(
  services: CoreServices,
  options: TokensDomainOptions = {},
): { handlers: TokensDomainHandlers; vault: Promise<TokenVault>; servers: ServerCredentialHooks } {
  const log = services.logger.child('tokens')
  const { profiles, events, now } = services
  const serverName = (serverId: string) => {
    try {
      return profiles.get(serverId).name
    } catch {
      return undefined
    }
  }
  const sessions = createSessions({ now })
  let vault: TokenVault | undefined
  const credentials = createAppCredentialSource({
    vault: () => vault,
    sessions,
    serverName: (serverId) => serverName(serverId) ?? serverId,
    now,
    logger: log,
  })
  services.credentials.use(credentials)

  const reminderDays = () => services.settings.read().tokens?.reminderDays ?? DEFAULT_REMINDER_DAYS
  const reminders = createReminders({
    vault: () => vault,
    serverName,
    now,
    days: reminderDays,
    saveDays: (days) => {
      const doc = services.settings.read()
      services.settings.write({ ...doc, tokens: { ...doc.tokens, reminderDays: days } })
    },
    publish: (payload) => events.emit('tokens.reminders', payload),
    ...(options.notify === undefined ? {} : { notify: options.notify }),
  })

  const opened = openVaultOrLocked(
    {
      dataDir: services.dataDir,
      cipher: options.cipher ?? createPassphraseCipher(),
      ...(options.vaultPassphrase === undefined ? {} : { passphrase: options.vaultPassphrase }),
      logger: log.child('vault'),
      now,
    },
    log,
  ).then((ready) => {
    vault = ready
    ready.onChange((serverId) => {
      events.emit('vault.changed', toVaultStatus(ready.state()))
      events.emit('tokens.changed', { serverId: serverId ?? profiles.active().id })
      reminders.refresh()
    })
    reminders.refresh({ notify: true })
    return ready
  })
  // Handlers await `opened`; this only keeps a failed start from being an unhandled rejection.
  opened.catch((error: unknown) => log.error('the token vault could not be opened', { error }))

  sessions.onChange((serverId) => {
    if (serverName(serverId) === undefined) return
    events.emit('auth.changed', auth.status(serverId))
  })
  const auth = createAuthService({ profiles, api: services.api, sessions, credentials, now })
  const reveals = createReveals()
  const tokens = createTokensService({
    profiles,
    api: services.api,
    vault: () => opened,
    credentials,
    sessions,
    reveals,
    reminderDays,
    now,
    changed: (serverId) => events.emit('tokens.changed', { serverId }),
  })
  services.onDispose(() => {
    reminders.dispose()
    reveals.dispose()
    sessions.dispose()
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

  return {
    servers,
    handlers: {
      ...createAuthHandlers(auth),
      ...createVaultHandlers(() => opened),
      ...createTokensHandlers(tokens, reminders),
    },
    vault: opened,
  }
}
