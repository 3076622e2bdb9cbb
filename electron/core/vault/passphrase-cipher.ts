import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { GcmAuthError, open, seal } from './aes-gcm'
import type { CipherStatus, SecretCipher } from './cipher'

/**
 * Web mode's cipher: a key derived from the user's passphrase with scrypt (random salt per
 * vault file), values sealed with AES-256-GCM. The header below is stored in the vault file;
 * its verifier lets a wrong passphrase be refused at unlock instead of failing on first use.
 */
export const SCRYPT_DEFAULTS = { N: 2 ** 15, r: 8, p: 1 } as const
const KEY_BYTES = 32
const SALT_BYTES = 16
const VERIFIER_TEXT = 'nomad-desktop vault verifier v1'
/** A new vault's passphrase must be at least this long; unlocking accepts whatever was set. */
export const MIN_PASSPHRASE_LENGTH = 8

export const passphraseHeaderSchema = z.strictObject({
  kdf: z.literal('scrypt'),
  // Bounded so a doctored file cannot make unlock allocate gigabytes.
  N: z
    .number()
    .int()
    .min(2 ** 15)
    .max(2 ** 20)
    .refine((n) => (n & (n - 1)) === 0, { error: 'N must be a power of two' }),
  r: z.number().int().min(8).max(16),
  p: z.number().int().min(1).max(4),
  salt: z.base64(),
  verifier: z.base64(),
})
export type PassphraseHeader = z.infer<typeof passphraseHeaderSchema>

export interface PassphraseCipher extends SecretCipher {
  readonly kind: 'passphrase'
  /**
   * Derives the key. Without a header (no vault yet) it creates a new salt and verifier and
   * returns the header to store; with one, a wrong passphrase is refused with vault_locked.
   */
  unlock(passphrase: string, header: PassphraseHeader | undefined): Promise<PassphraseHeader>
  /** Forgets the key. */
  lock(): void
}

function deriveKey(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly N=2^15, r=8.
    maxmem: 256 * params.N * params.r,
  }
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

export function createPassphraseCipher(): PassphraseCipher {
  let key: Buffer | undefined

  const requireKey = (): Buffer => {
    if (!key)
      throw new AppError(
        'vault_locked',
        'The token vault is locked. Unlock it with its passphrase on the Tokens screen (or start the host with NOMAD_VAULT_PASSPHRASE set).',
      )
    return key
  }

  return {
    kind: 'passphrase',
    status: (): CipherStatus => (key ? 'unlocked' : 'locked'),
    async unlock(passphrase, header) {
      if (passphrase.length === 0)
        throw new AppError('invalid_input', 'Enter the vault passphrase.', { path: ['passphrase'] })
      if (!header) {
        if (passphrase.length < MIN_PASSPHRASE_LENGTH)
          throw new AppError(
            'invalid_input',
            `Choose a passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters for the new vault.`,
            { path: ['passphrase'] },
          )
        const salt = randomBytes(SALT_BYTES)
        const derived = await deriveKey(passphrase, salt, SCRYPT_DEFAULTS)
        key = derived
        return {
          kdf: 'scrypt',
          ...SCRYPT_DEFAULTS,
          salt: salt.toString('base64'),
          verifier: Buffer.from(seal(derived, VERIFIER_TEXT)).toString('base64'),
        }
      }
      const derived = await deriveKey(passphrase, Buffer.from(header.salt, 'base64'), header)
      let check: string | undefined
      try {
        check = open(derived, Buffer.from(header.verifier, 'base64'))
      } catch (error) {
        if (!(error instanceof GcmAuthError)) throw error
      }
      if (check !== VERIFIER_TEXT) {
        derived.fill(0)
        throw new AppError(
          'vault_locked',
          'Wrong passphrase: the token vault was created with a different one. Nothing was changed.',
          { path: ['passphrase'] },
        )
      }
      key = derived
      return header
    },
    lock() {
      key?.fill(0)
      key = undefined
    },
    // Inside the executor, so that a locked vault rejects instead of throwing synchronously.
    encrypt: (plain) => new Promise((resolve) => resolve(seal(requireKey(), plain))),
    decrypt: (data) => new Promise((resolve) => resolve(open(requireKey(), data))),
  }
}
