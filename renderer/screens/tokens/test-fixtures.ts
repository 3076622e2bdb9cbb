/** Fixtures the tokens screen's tests share: a signed-in session and vault states. */

export const testSession = {
  user: { userId: 'u1', username: 'lena', name: 'Lena Hoffmann', email: null },
  expiresAt: '2030-01-01T00:00:00.000Z',
  signedInAt: '2029-12-31T23:55:00.000Z',
}

/** A passphrase vault as `vault.status` reports it; unlocked on disk unless overridden. */
export function vaultStatus(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'passphrase',
    cipherStatus: 'unlocked',
    backend: null,
    persistence: 'disk',
    exists: true,
    unprotected: false,
    warning: null,
    minPassphraseLength: 8,
    ...overrides,
  }
}
