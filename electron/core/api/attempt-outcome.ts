import { AppError } from '../../../shared/errors'
import type { Logger } from '../logging'
import {
  classifyError,
  classifyHttp,
  retryAfterFromHeaders,
  type AttemptOutcome,
} from '../network/scheduler'
import { readBody, type HttpResponse } from '../network/http-adapter'
import type { CountingAttempt } from './answer-deadline'
import type { CredentialSource } from './credentials'
import {
  httpError,
  isNetworkFailure,
  networkError,
  refusesCredential,
  type FailedRequest,
} from './errors'

// Error pages are read for their message only; anything longer is cut.
const ERROR_BODY_LIMIT = 64 * 1024

/** What a refusal needs to know besides the answer: whom to tell about a refused credential. */
export interface RefusalDeps {
  serverId: string
  credentials: CredentialSource
  /** Wall clock for Retry-After dates; Date.now by default. */
  now?: () => number
}

/**
 * An answer with a status the request did not expect, as the scheduler should treat it:
 * throttles and transient failures carry their Retry-After, the rest are permanent AppErrors in
 * the server's words. A 401 that refuses the credential itself is reported to its source.
 */
export async function refusedOutcome(
  response: HttpResponse,
  failed: FailedRequest,
  attempt: CountingAttempt,
  deps: RefusalDeps,
  log: Logger,
): Promise<AttemptOutcome<never>> {
  const { status, headers } = response
  let text: string
  try {
    const body = await readBody(response.body, (bytes) => attempt.touch(bytes), ERROR_BODY_LIMIT)
    text = body.bytes.toString('utf8')
  } catch (error) {
    return thrownOutcome(error, failed)
  }
  const kind = classifyHttp(status, headers, text)
  const retryAfterMs = retryAfterFromHeaders(headers, (deps.now ?? Date.now)())
  log.debug('request refused', { request: failed.what, status, kind })
  if (kind === 'throttle') return { kind, status, retryAfterMs }
  const error =
    kind === 'ok'
      ? new AppError(
          'invalid_response',
          `${failed.what} answered HTTP ${status}, which was not expected.`,
          { status },
        )
      : httpError(status, text, failed)
  if (failed.credential !== undefined && refusesCredential(error))
    deps.credentials.onUnauthorized?.(deps.serverId, failed.credential)
  return kind === 'transient' ? { kind, error, retryAfterMs } : { kind: 'permanent', error }
}

/** A thrown socket/DNS/TLS error: transient ones are retried by the scheduler. */
export function thrownOutcome(error: unknown, failed: FailedRequest): AttemptOutcome<never> {
  const mapped = isNetworkFailure(error) ? networkError(error, failed.host) : error
  return classifyError(error) === 'transient'
    ? { kind: 'transient', error: mapped }
    : { kind: 'permanent', error: mapped }
}
