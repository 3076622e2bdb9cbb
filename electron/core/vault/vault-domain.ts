import { AppError } from '../../../shared/errors'
import type { vaultChannels } from '../../../shared/ipc/channels/vault'
import type { HandlersFor } from '../ipc/router'
import type { Logger } from '../logging'
import type { CoreServices } from '../services'
import type { SecretCipher } from './cipher'
import { createPassphraseCipher } from './passphrase-cipher'
import { openVault, type TokenVault } from './vault'
import { createVaultHandlers } from './vault-handlers'
import { toVaultStatus } from './vault-status'

export interface VaultDomainOptions {
  /** Electron: safeStorage; web mode and tests: a passphrase cipher (the default). */
  cipher: SecretCipher | undefined
  /** Unlocks a passphrase vault at start (web mode: NOMAD_VAULT_PASSPHRASE). */
  passphrase: string | undefined
}

export interface VaultDomain {
  /** Resolves once the vault is open (locked or not); rejects when it cannot be opened. */
  opened: Promise<TokenVault>
  /** The open vault, or undefined while it opens or after it failed to. */
  current: () => TokenVault | undefined
  handlers: HandlersFor<typeof vaultChannels>
}

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
 * The token vault, opened in the background at start: the vault.* channels wait for it, and
 * every change of it is announced as 'vault.changed'.
 */
export function createVaultDomain(
  services: CoreServices,
  options: VaultDomainOptions,
): VaultDomain {
  const log = services.logger.child('vault')
  let current: TokenVault | undefined
  const opened = openVaultOrLocked(
    {
      dataDir: services.dataDir,
      cipher: options.cipher ?? createPassphraseCipher(),
      ...(options.passphrase === undefined ? {} : { passphrase: options.passphrase }),
      logger: log,
      now: services.now,
    },
    log,
  ).then((ready) => {
    current = ready
    ready.onChange(() => services.events.emit('vault.changed', toVaultStatus(ready.state())))
    return ready
  })
  // Handlers await `opened`; this only keeps a failed start from being an unhandled rejection.
  opened.catch((error: unknown) => log.error('the token vault could not be opened', { error }))
  return { opened, current: () => current, handlers: createVaultHandlers(() => opened) }
}
