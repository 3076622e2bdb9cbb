import { AppError } from '../../../shared/errors'
import type { SecretCipher } from './cipher'
import { unwrapValue, VaultIntegrityError, wrapValue } from './envelope'
import type { Entry } from './token-entries'

/** Seals a raw value, bound to its server and record, into the base64 text vault.json stores. */
export async function encryptValue(
  cipher: SecretCipher,
  serverId: string,
  record: Entry['record'],
  raw: string,
): Promise<string> {
  const bytes = await cipher.encrypt(wrapValue(serverId, record, raw))
  return Buffer.from(bytes).toString('base64')
}

/**
 * The raw value of an entry, from memory or decrypted. A cipher failure that is not already an
 * AppError (vault_locked) means the bytes or the key changed, so it becomes a
 * VaultIntegrityError that tells the user what to do.
 */
export async function decryptEntry(
  cipher: SecretCipher,
  serverId: string,
  entry: Entry,
): Promise<string> {
  if (entry.sessionValue !== undefined) return entry.sessionValue
  if (entry.ciphertext === undefined)
    throw new AppError('internal', `The token “${entry.record.name}” has no stored value.`)
  let plain: string
  try {
    plain = await cipher.decrypt(Buffer.from(entry.ciphertext, 'base64'))
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new VaultIntegrityError(
      `The stored value of “${entry.record.name}” could not be decrypted (${(error as Error).message}): the vault file was changed outside the app, or the key that protects it is gone. Remove this token from the app and store it again.`,
    )
  }
  return unwrapValue(serverId, entry.record, plain)
}
