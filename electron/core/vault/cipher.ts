/**
 * The port through which the token vault encrypts raw token values. Core never knows how the
 * key is held: Electron main plugs in safeStorage (OS keychain), the web host a passphrase
 * cipher (scrypt + AES-256-GCM), tests an in-memory key. The vault file stores only what
 * `encrypt` returns.
 */
export type CipherKind = 'os' | 'passphrase'

/**
 * - os-protected: an OS key store protects the key (Keychain, DPAPI, libsecret, KWallet).
 * - plaintext-basic: Linux safeStorage fell back to `basic_text`, a hard-coded key; encrypting
 *   with it is obscurity, so the vault keeps values in memory unless the user opts in.
 * - unavailable: no encryption at all (safeStorage not ready or failed).
 * - locked / unlocked: a passphrase cipher before / after the passphrase was given.
 */
export type CipherStatus =
  'os-protected' | 'plaintext-basic' | 'unavailable' | 'locked' | 'unlocked'

export interface SecretCipher {
  readonly kind: CipherKind
  status(): CipherStatus
  /** The OS backend's name where known (Linux: gnome_libsecret, kwallet6, basic_text, …). */
  readonly backend?: string
  encrypt(plain: string): Promise<Uint8Array>
  decrypt(data: Uint8Array): Promise<string>
}

/** Whether values encrypted by this cipher can be written to disk without the user's opt-in. */
export function protectsAtRest(status: CipherStatus): boolean {
  return status === 'os-protected' || status === 'unlocked'
}
