import { z } from 'zod'

/**
 * The token vault's state as the Tokens screen needs it: how stored values are protected, and
 * what to do when they are not. No channel here carries a token value.
 */
export const vaultStatusSchema = z.strictObject({
  /** os: Electron safeStorage (desktop); passphrase: scrypt + AES-256-GCM (web mode). */
  kind: z.enum(['os', 'passphrase']),
  cipherStatus: z.enum(['os-protected', 'plaintext-basic', 'unavailable', 'locked', 'unlocked']),
  /** Linux key store backend (gnome_libsecret, kwallet6, basic_text, …), when known. */
  backend: z.string().nullable(),
  /** Where a token stored now goes: encrypted on disk, memory for this session, or nowhere until unlocked. */
  persistence: z.enum(['disk', 'memory', 'locked']),
  /** A vault file exists (a passphrase vault: unlock, rather than create). */
  exists: z.boolean(),
  /** The user opted into storing values the basic_text backend does not protect. */
  unprotected: z.boolean(),
  /**
   * Something the user should know, in words with the fix (basic_text, no encryption, a file
   * from the other app mode, a changed key store, a damaged file); null when all is well.
   */
  warning: z
    .strictObject({
      kind: z.enum(['basic-text', 'unavailable', 'foreign', 'backend-changed', 'damaged']),
      message: z.string(),
      fix: z.string(),
    })
    .nullable(),
  /** Minimum length of a new vault's passphrase. */
  minPassphraseLength: z.number().int(),
})
export type VaultStatus = z.infer<typeof vaultStatusSchema>

export const vaultChannels = {
  'vault.status': { input: z.strictObject({}), output: vaultStatusSchema },
  /** Unlocks the passphrase vault, or creates it when none exists yet. */
  'vault.unlock': {
    input: z.strictObject({
      passphrase: z.string().min(1, { error: 'Enter the passphrase.' }).max(1000),
    }),
    output: vaultStatusSchema,
  },
  /** Forgets the passphrase-derived key; stored tokens stay on disk, unusable until unlocked. */
  'vault.lock': { input: z.strictObject({}), output: vaultStatusSchema },
  /** Linux basic_text only: store token values the OS does not protect (true) or keep them in memory (false). */
  'vault.setUnprotected': {
    input: z.strictObject({ allow: z.boolean() }),
    output: vaultStatusSchema,
  },
} as const

export const vaultEvents = {
  'vault.changed': { payload: vaultStatusSchema },
} as const
