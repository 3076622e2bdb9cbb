import { describe, expect, it } from 'vitest'
import { toVaultStatus } from './vault-status'
import type { VaultState } from './vault'

const base: VaultState = {
  kind: 'os',
  cipherStatus: 'os-protected',
  backend: 'gnome_libsecret',
  persistence: 'disk',
  fileExists: true,
  unprotected: false,
}

describe('vault status for the Tokens screen', () => {
  it('has no warning when the OS protects the key', () => {
    expect(toVaultStatus(base).warning).toBeNull()
  })

  it('explains Linux basic_text with the keyring fix and the --password-store flag', () => {
    const status = toVaultStatus({
      ...base,
      cipherStatus: 'plaintext-basic',
      backend: 'basic_text',
      persistence: 'memory',
    })
    expect(status.warning?.kind).toBe('basic-text')
    expect(status.warning?.message).toContain('kept in memory')
    expect(status.warning?.fix).toContain('--password-store=gnome-libsecret')
    expect(status.warning?.fix).toContain('--password-store=kwallet6')
  })

  it('names the previous backend’s flag when the key store changed', () => {
    const status = toVaultStatus({
      ...base,
      backendChanged: { was: 'kwallet5', now: 'basic_text' },
    })
    expect(status.warning).toMatchObject({
      kind: 'backend-changed',
      fix: 'Quit and start NOMAD Desktop with --password-store=kwallet5.',
    })
  })
})
