import { AppError } from '../../../shared/errors'
import type { StoreFailure } from '../../../shared/ipc/channels/tokens'

/**
 * A vault failure after the server already issued a token. The server keeps only a hash, so
 * the reply that reveals the token is its only copy: the failure travels next to the reveal
 * (never instead of it) and tells the user what to do.
 */
export function storeFailure(error: unknown, consequence: string): StoreFailure {
  const code = error instanceof AppError ? error.code : 'internal'
  const reason = error instanceof Error ? error.message : String(error)
  return {
    code,
    message: `This app could not store the new token (${reason.replace(/\.$/, '')}). ${consequence} Copy the token now: it is shown only this once.`,
  }
}

/** What a failed replacement leaves behind, in the words the reveal dialog shows. */
export const replaceFailed = (storedName: string) =>
  `The stored copy “${storedName}” still holds the old token, which no longer works; “Use this token in the app” tries to replace it again.`

/** What a failed store of a freshly requested token leaves behind. */
export const addFailed = () =>
  'It is not stored in this app; “Use this token in the app” tries again.'
