import type { Dispatcher } from 'undici'
import type { z } from 'zod'
import { decodeWire } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import { silentLogger, type Logger } from '../logging'
import type { AttemptContext, AttemptOutcome, RequestScheduler } from '../network/scheduler'
import { sendDirect } from '../network/direct-transport'
import {
  discardBody,
  readBody,
  sendHttp,
  touchingChunks,
  heedBodyErrors,
  undiciTransport,
  type HttpResponse,
  type HttpTransport,
} from '../network/http-adapter'
import type { HttpRequest } from '../network/http-request'
import { AnswerDeadline, countingAttempt, type CountingAttempt } from './answer-deadline'
import {
  answerLimits,
  type AnswerLimitOverrides,
  type AnswerLimits,
  type EndpointKind,
} from './answer-limits'
import { refusedOutcome, thrownOutcome } from './attempt-outcome'
import { assertMayAttach } from './credential-guard'
import type { CredentialSource } from './credentials'
import { toClientError, type FailedRequest } from './errors'
import { readJsonAnswer } from './json-answer'
import { buildHttpRequest, chooseCredential } from './outgoing-request'
import type { BodyOptions, HttpMethod, JsonOptions, RequestOptions } from './request-options'
import { buildUrl } from './request-url'

export type { BodyOptions, HttpMethod, JsonOptions, RequestOptions } from './request-options'

/** More than this in an answer we ignore is not worth reading; the rest is discarded. */
const EMPTY_BODY_LIMIT = 64 * 1024

export interface StreamHead {
  status: number
  headers: Record<string, string>
  /** See HttpResponse.recycle: only for a reader that never touches a chunk it gave back. */
  recycle?: (chunk: Uint8Array) => void
}

/** Consumes a streamed body. May run again on a retry, so it must start over each time. */
export type StreamConsumer<T> = (
  body: AsyncIterable<Uint8Array>,
  response: StreamHead,
) => Promise<T>

export interface ApiRequesterDeps {
  serverId: string
  /** The API root, e.g. https://nomad-lab.eu/prod/v1/api/v1 */
  baseUrl: string
  /** The server origin's scheduler: every attempt of this client goes through it. */
  scheduler: Pick<RequestScheduler, 'run'>
  dispatcher: Dispatcher
  credentials: CredentialSource
  userAgent?: string
  /** Wall clock for Retry-After dates; Date.now by default. */
  now?: () => number
  logger?: Logger
  /** Largest JSON answer and deadline per endpoint kind; defaults in answer-limits.ts. */
  limits?: AnswerLimitOverrides
  /**
   * Offline mode (servers/offline-mode.ts): `refusal` names why nothing may be sent to this
   * server now (the user works offline from it); `unreachable` hears every request that failed
   * because the server could not be reached, so its status is checked again at once.
   */
  offline?: { refusal(): AppError | undefined; unreachable(): void }
}

type OnSuccess<T> = (response: HttpResponse, attempt: CountingAttempt, what: string) => Promise<T>

/**
 * Sends requests through the scheduler with undici: credentials, one attempt per scheduler
 * slot, classification of the answer, and the mapping of failures to AppErrors. How a request
 * is built is in outgoing-request, what a refusal or a thrown error means in attempt-outcome.
 */
export class ApiRequester {
  readonly serverId: string
  readonly baseUrl: string
  private readonly deps: ApiRequesterDeps
  private readonly log: Logger
  private readonly limits: AnswerLimits
  private readonly pooled: HttpTransport

  constructor(deps: ApiRequesterDeps) {
    this.deps = deps
    this.pooled = undiciTransport(deps.dispatcher)
    this.serverId = deps.serverId
    this.baseUrl = deps.baseUrl.replace(/\/+$/, '')
    this.log = deps.logger ?? silentLogger
    this.limits = answerLimits(deps.limits)
  }

  /**
   * A JSON answer decoded with a tolerant schema from shared/api (invalid_response on mismatch),
   * read only up to the limit of its endpoint kind and within its deadline (answer-limits.ts).
   */
  requestJson<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    options: RequestOptions & BodyOptions & JsonOptions & { schema: S },
  ): Promise<z.infer<S>> {
    const kind = options.kind ?? 'metadata'
    const limit = { maxBytes: this.limits.maxJsonBytes[kind], kind }
    const deadlineMs = this.deadlineOf(options, kind)
    return this.send(method, path, options, deadlineMs, async (response, attempt, what) => {
      const parsed = await readJsonAnswer(response, what, limit, (bytes) => attempt.touch(bytes))
      return decodeWire(options.schema, parsed, what) as z.infer<S>
    })
  }

  /** A request whose answer has no body worth reading (204 No Content and friends). */
  requestEmpty(
    method: HttpMethod,
    path: string,
    options: RequestOptions & BodyOptions & JsonOptions = {},
  ): Promise<void> {
    // Drain rather than cancel: the answer is empty (or tiny), and reading it to the end keeps
    // the socket reusable instead of tearing the connection down.
    const deadlineMs = this.deadlineOf(options, options.kind ?? 'metadata')
    return this.send(method, path, options, deadlineMs, async (response, attempt) => {
      await readBody(response.body, (bytes) => attempt.touch(bytes), EMPTY_BODY_LIMIT)
    })
  }

  /**
   * A streamed answer (files, zips). The request holds its scheduler slot while `consume` runs
   * and every chunk touches the body idle watchdog. On a retry `consume` is called again with a
   * fresh body; pass maxAttempts: 1 when the consumer cannot start over.
   */
  stream<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions & Omit<BodyOptions, 'form'>,
    consume: StreamConsumer<T>,
  ): Promise<T> {
    // No deadline: a file takes as long as it takes; the idle watchdog notices a dead one.
    return this.send(method, path, options, undefined, async (response, attempt) => {
      try {
        return await consume(
          touchingChunks(heedBodyErrors(response.body), (bytes) => attempt.touch(bytes)),
          {
            status: response.status,
            headers: response.headers,
            ...(response.recycle === undefined ? {} : { recycle: response.recycle }),
          },
        )
      } finally {
        discardBody(response.body)
      }
    })
  }

  private deadlineOf(options: RequestOptions, kind: EndpointKind): number {
    return options.deadlineMs ?? this.limits.jsonDeadlineMs[kind]
  }

  private async send<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions & BodyOptions,
    deadlineMs: number | undefined,
    onSuccess: OnSuccess<T>,
  ): Promise<T> {
    const url = buildUrl(this.baseUrl, path, options.query)
    const what = options.label ?? `${method} ${path}`
    // Working offline by hand: not one byte goes to the server (a 'network' refusal, so every
    // offline fallback answers as it does for an unreachable server).
    const refusal = this.deps.offline?.refusal()
    if (refusal !== undefined) throw refusal
    const { credentials, userAgent } = this.deps
    const auth = options.auth ?? 'auto'
    const credential = chooseCredential(credentials, this.serverId, auth, url, what)
    const request = buildHttpRequest(method, url, options, credential, userAgent)
    const failed: FailedRequest = { what, host: url.host, credential }
    try {
      return await this.deps.scheduler.run(
        async (attempt) => {
          const outcome = await this.attemptWithin(deadlineMs, what, attempt, (counting) =>
            this.attempt(request, failed, options, counting, onSuccess),
          )
          return options.nonIdempotent === true && outcome.kind === 'transient'
            ? { kind: 'permanent', error: outcome.error }
            : outcome
        },
        {
          lane: options.lane ?? 'interactive',
          label: what,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
        },
      )
    } catch (error) {
      const failure = toClientError(error, url.host)
      if (failure.code === 'network') this.deps.offline?.unreachable()
      throw failure
    }
  }

  /**
   * Runs one attempt under its deadline (if any). Whatever the abort at the deadline made the
   * attempt fail with, the outcome is the deadline's own error, and it is not retried: the
   * same server would most likely be as slow again.
   */
  private async attemptWithin<T>(
    deadlineMs: number | undefined,
    what: string,
    attempt: AttemptContext,
    run: (counting: CountingAttempt) => Promise<AttemptOutcome<T>>,
  ): Promise<AttemptOutcome<T>> {
    if (deadlineMs === undefined) return run(countingAttempt(attempt, undefined))
    const deadline = new AnswerDeadline(deadlineMs, attempt.signal)
    try {
      const outcome = await run(countingAttempt(attempt, deadline))
      return deadline.expired && outcome.kind !== 'ok'
        ? { kind: 'permanent', error: deadline.error(what) }
        : outcome
    } finally {
      deadline.stop()
    }
  }

  /** One attempt: send, classify, read the body while holding the slot. */
  private async attempt<T>(
    request: HttpRequest,
    failed: FailedRequest,
    options: RequestOptions & BodyOptions,
    attempt: CountingAttempt,
    onSuccess: OnSuccess<T>,
  ): Promise<AttemptOutcome<T>> {
    let response: HttpResponse
    const { expect } = options
    const transport = options.ownConnection === true ? sendDirect : this.pooled
    const { credential } = failed
    // A redirect hop that keeps the Authorization header passes the same guard as the first URL.
    const guard =
      credential === undefined
        ? {}
        : { credentialGuard: (url: URL) => assertMayAttach(url, credential) }
    try {
      response = await sendHttp(transport, request, attempt.signal, guard)
    } catch (error) {
      // A refused redirect or credential guard: already specific, and retrying changes nothing.
      if (error instanceof AppError) return { kind: 'permanent', error }
      return thrownOutcome(error, failed)
    }
    attempt.answered()
    const { status } = response
    const success = expect === undefined ? status >= 200 && status < 300 : expect.includes(status)
    if (!success) return refusedOutcome(response, failed, attempt, this.deps, this.log)
    try {
      return { kind: 'ok', value: await onSuccess(response, attempt, failed.what) }
    } catch (error) {
      discardBody(response.body)
      if (error instanceof AppError) return { kind: 'permanent', error }
      return thrownOutcome(error, failed)
    }
  }
}
