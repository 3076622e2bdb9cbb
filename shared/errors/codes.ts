/**
 * The closed set of error codes that cross a process boundary (IPC results, API client errors).
 * Every failure the user can see maps to exactly one of these; the message carries the specifics
 * (the server's own text, the missing scope, the bad field) so nothing is ever a generic
 * "something went wrong".
 */
export const ERROR_CODES = [
  'invalid_input',
  'unknown_channel',
  'not_found',
  'auth_required',
  'forbidden',
  'limit_exceeded',
  'throttled',
  'network',
  'server_error',
  'invalid_response',
  'cancelled',
  'conflict',
  'vault_locked',
  'unavailable',
  'internal',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** Optional, structured specifics. Only plain JSON values, so they survive IPC and WebSocket. */
export interface ErrorDetails {
  /** HTTP status of the server answer that caused the error, if any. */
  status?: number
  /** The server's own message (`detail` text), verbatim. */
  serverMessage?: string
  /** Scopes the server said were missing (403 "Missing scopes"). */
  missingScopes?: string[]
  /** When the caller may try again, in milliseconds from now. */
  retryAfterMs?: number
  /** Path of the offending field, e.g. ['pagination', 'page_size'] or ['data', 3, 'entry_id']. */
  path?: (string | number)[]
}

export interface AppErrorData {
  code: ErrorCode
  message: string
  details?: ErrorDetails
}

/** Short, user-facing headline per code; the message below it says what exactly happened. */
export const ERROR_TITLES: Record<ErrorCode, string> = {
  invalid_input: 'That input was not accepted',
  unknown_channel: 'The app asked for an action that does not exist',
  not_found: 'Not found',
  auth_required: 'Sign-in required',
  forbidden: 'Not allowed',
  limit_exceeded: 'A server limit was reached',
  throttled: 'The server is limiting requests',
  network: 'The server could not be reached',
  server_error: 'The server reported an error',
  invalid_response: 'The server sent an answer the app could not read',
  cancelled: 'Cancelled',
  conflict: 'Conflict',
  vault_locked: 'The token vault is locked',
  unavailable: 'Not available here',
  internal: 'The app hit an internal error',
}
