import type { vaultChannels } from '../../../shared/ipc/channels/vault'
import type { HandlersFor } from '../ipc/router'
import type { TokenVault } from './vault'
import { toVaultStatus } from './vault-status'

export function createVaultHandlers(
  vault: () => Promise<TokenVault>,
): HandlersFor<typeof vaultChannels> {
  return {
    'vault.status': async () => toVaultStatus((await vault()).state()),
    'vault.unlock': async ({ passphrase }) =>
      toVaultStatus(await (await vault()).unlock(passphrase)),
    'vault.lock': async () => toVaultStatus((await vault()).lock()),
    'vault.setUnprotected': async ({ allow }) =>
      toVaultStatus(await (await vault()).setUnprotected(allow)),
  }
}
