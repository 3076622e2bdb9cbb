import { ERROR_CODES, type AppErrorData, type ErrorCode, type ErrorDetails } from './codes'

/** An error with a closed code; thrown inside a process, converted to AppErrorData at edges. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly details: ErrorDetails | undefined

  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.details = details
  }

  toData(): AppErrorData {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details }
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)
}

/**
 * Converts anything thrown into AppErrorData. Unknown errors keep their own message (prefixed
 * with their class name) so the user still learns what failed.
 */
export function toAppErrorData(error: unknown): AppErrorData {
  if (error instanceof AppError) return error.toData()
  if (error instanceof Error) {
    if (error.name === 'AbortError')
      return { code: 'cancelled', message: 'The request was cancelled.' }
    return { code: 'internal', message: `${error.name}: ${error.message}` }
  }
  return { code: 'internal', message: `Unexpected value thrown: ${String(error)}` }
}
