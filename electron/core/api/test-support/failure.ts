import { AppError } from '../../../../shared/errors'

/** The AppError a request rejects with; anything else (or success) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (error instanceof AppError) return error
  throw new Error(`expected an AppError, got ${String(error)}`)
}
