import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../storage/atomic-write'
import { passphraseHeaderSchema } from './passphrase-cipher'

/**
 * vault.json: token metadata in plain text (names, scopes, expiry: nothing secret) and each raw
 * value only as the cipher's output, base64-encoded. Written atomically (electron/core/storage)
 * with mode 0600, so a crash leaves the old or the new file, never half of one.
 */
export const VAULT_FILE_NAME = 'vault.json'
export const VAULT_FORMAT = 'nomad-desktop-vault'

const isoInstant = z.iso.datetime({ offset: true })

export const storedRecordSchema = z.strictObject({
  /** Local id (random), stable across rotations of the same stored token. */
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  /** The PAT's id on the server; app tokens have none. */
  serverTokenId: z.string().min(1).max(200).optional(),
  name: z.string().min(1).max(200),
  kind: z.enum(['pat', 'app-token']),
  scopes: z.array(z.string().max(100)).max(100),
  /** Null: never expires. */
  expiresAt: isoInstant.nullable(),
  createdAt: isoInstant,
  lastTestedAt: isoInstant.optional(),
  /** When the server refused it (401: revoked or expired); such a record is never used. */
  rejectedAt: isoInstant.optional(),
  ciphertext: z.base64().min(1),
})
export type StoredRecord = z.infer<typeof storedRecordSchema>

const serverSlotSchema = z.strictObject({
  activeId: z.string().nullable(),
  records: z.array(storedRecordSchema),
})
export type ServerSlot = z.infer<typeof serverSlotSchema>

export const vaultCipherHeaderSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('os'), backend: z.string().max(40).optional() }),
  passphraseHeaderSchema.extend({ kind: z.literal('passphrase') }),
])
export type VaultCipherHeader = z.infer<typeof vaultCipherHeaderSchema>

export const vaultFileSchema = z.strictObject({
  format: z.literal(VAULT_FORMAT),
  version: z.literal(1),
  cipher: vaultCipherHeaderSchema,
  /** Linux basic_text: the user chose to store values that the OS does not protect. */
  unprotected: z.boolean().optional(),
  servers: z.record(z.string().min(1).max(100), serverSlotSchema),
})
export type VaultFile = z.infer<typeof vaultFileSchema>

function damaged(path: string, why: string): AppError {
  return new AppError(
    'internal',
    `The token vault ${path} is damaged (${why}). It was left untouched; move it away to start a new, empty vault.`,
  )
}

/** Reads and validates the vault file; undefined when there is none yet. Never returns a silently emptied vault. */
export async function readVaultFile(path: string): Promise<VaultFile | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new AppError(
      'unavailable',
      `Could not read the token vault ${path}: ${(error as Error).message}`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw damaged(path, 'not valid JSON')
  }
  const parsed = vaultFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw damaged(path, issue ? `${issue.path.join('.') || 'file'}: ${issue.message}` : 'invalid')
  }
  return parsed.data
}

/** Validates, then replaces the file atomically with mode 0600. */
export async function writeVaultFile(path: string, file: VaultFile): Promise<void> {
  const body = `${JSON.stringify(vaultFileSchema.parse(file), null, 2)}\n`
  await writeFileAtomic(path, body, { mode: 0o600 })
}
