import type { VaultStatus } from '../../../shared/ipc/channels/vault'
import { MIN_PASSPHRASE_LENGTH } from './passphrase-cipher'
import type { VaultState } from './vault'

// Electron's --password-store values for each backend name safeStorage reports.
const STORE_FLAGS: Record<string, string> = {
  gnome_libsecret: 'gnome-libsecret',
  kwallet: 'kwallet',
  kwallet5: 'kwallet5',
  kwallet6: 'kwallet6',
  basic_text: 'basic',
}

const KEYRING_FIX =
  'Install and unlock a key store — GNOME Keyring (libsecret) or KWallet — then restart NOMAD Desktop; or start it with --password-store=gnome-libsecret (or --password-store=kwallet6) to pick one explicitly.'

function warningFor(state: VaultState): VaultStatus['warning'] {
  if (state.loadError !== undefined)
    return {
      kind: 'damaged',
      message: `${state.loadError} Tokens you store now are kept for this session only.`,
      fix: 'Move vault.json out of the data folder (keep it if you want to inspect it) and restart the app to start a new, empty vault.',
    }
  if (state.foreignKind !== undefined) {
    const owner = state.foreignKind === 'os' ? 'the desktop app' : 'web mode'
    return {
      kind: 'foreign',
      message: `The tokens stored in this data folder were saved by ${owner}, whose key this mode does not have. Tokens you store now are kept for this session only.`,
      fix: `Manage them in ${owner}, or give this mode its own data folder (--data-dir / NOMAD_DESKTOP_DATA_DIR).`,
    }
  }
  if (state.backendChanged !== undefined) {
    const flag = STORE_FLAGS[state.backendChanged.was] ?? state.backendChanged.was
    return {
      kind: 'backend-changed',
      message: `The vault was created with the ${state.backendChanged.was} key store, but this start uses ${state.backendChanged.now}, so stored tokens may not decrypt.`,
      fix: `Quit and start NOMAD Desktop with --password-store=${flag}.`,
    }
  }
  if (state.cipherStatus === 'plaintext-basic')
    return state.unprotected
      ? {
          kind: 'basic-text',
          message:
            'You chose to store tokens although no key store protects them (Linux basic_text): any program running as you can read them from disk.',
          fix: `${KEYRING_FIX} Or switch "store without protection" off to keep tokens in memory only.`,
        }
      : {
          kind: 'basic-text',
          message:
            'No unlocked key store was found (Electron fell back to basic_text, a built-in key that protects nothing). Tokens are kept in memory and forgotten when the app quits.',
          fix: KEYRING_FIX,
        }
  if (state.cipherStatus === 'unavailable')
    return {
      kind: 'unavailable',
      message:
        'This system offers the app no encryption for stored tokens, so they are kept in memory for this session only.',
      fix: 'On Linux install and unlock GNOME Keyring or KWallet; on macOS and Windows sign in to your user account normally and restart the app.',
    }
  return null
}

/** The vault's state in the words of the Tokens screen, with the fix for anything amiss. */
export function toVaultStatus(state: VaultState): VaultStatus {
  return {
    kind: state.kind,
    cipherStatus: state.cipherStatus,
    backend: state.backend ?? null,
    persistence: state.persistence,
    exists: state.fileExists,
    unprotected: state.unprotected,
    warning: warningFor(state),
    minPassphraseLength: MIN_PASSPHRASE_LENGTH,
  }
}
