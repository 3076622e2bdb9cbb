import type { z } from 'zod'
import { checkJsonBounds, INPUT_MAX_DEPTH } from '../../../shared/api/json-bounds'
import { AppError, toAppErrorData, type AppErrorData } from '../../../shared/errors'
import type { ChannelMap } from '../../../shared/ipc/contract'
import { fail, ok, type IpcResult } from '../../../shared/ipc/result'
import { silentLogger, type Logger } from '../logging'

/** Per-call context: the signal aborts when the caller cancels or disconnects. */
export interface CallContext {
  signal: AbortSignal
  /** Who called: 'electron:<webContentsId>' or 'web:<connection number>'; for logs and limits. */
  sender: string
}

export type HandlerFor<D extends ChannelMap[string]> = (
  input: z.output<D['input']>,
  ctx: CallContext,
) => Promise<z.input<D['output']>>

/** A complete handler map: the compiler refuses a contract channel without a handler. */
export type HandlersFor<M extends ChannelMap> = { [C in keyof M]: HandlerFor<M[C]> }

export interface Router {
  readonly channels: readonly string[]
  /** Validates, runs and answers one call. Never throws; every failure is an IpcResult. */
  call(channel: string, input: unknown, ctx: CallContext): Promise<IpcResult<unknown>>
}

export interface RouterOptions {
  /** Also validate handler outputs against the contract (tests and development builds). */
  validateOutputs?: boolean
  logger?: Logger
}

/** Turns zod's issue path into the plain JSON path carried in error details. */
function toPath(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((part) => (typeof part === 'number' ? part : String(part)))
}

function describeIssues(error: z.ZodError): { message: string; path: (string | number)[] } {
  const first = error.issues[0]
  const path = first ? toPath(first.path) : []
  const parts = error.issues
    .slice(0, 3)
    .map((issue) =>
      issue.path.length > 0 ? `${toPath(issue.path).join('.')}: ${issue.message}` : issue.message,
    )
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : ''
  return { message: parts.join('; ') + more, path }
}

/**
 * What every input must satisfy before its channel's schema runs: a bounded depth (recursive
 * schemas overflow the stack on deep values), no `__proto__` keys, and text that is valid
 * Unicode (a lone surrogate cannot be encoded into a URL or a file name downstream).
 */
function precheck(channel: string, input: unknown): AppErrorData | null {
  const problem = checkJsonBounds(input, {
    maxDepth: INPUT_MAX_DEPTH,
    label: 'The input',
    forbiddenKeys: ['__proto__'],
  })
  if (!problem) return null
  return {
    code: 'invalid_input',
    message: `Invalid input for ${channel}: ${problem.message}`,
    details: { path: problem.path },
  }
}

/** The name and message of an unexpected error: never the input, which may hold secrets. */
function errorSummary(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error
}

/**
 * The single entry point for renderer calls in both Electron main and the web host. Unknown
 * channels and inputs that fail their schema are answered with unknown_channel/invalid_input
 * and never reach a handler; input values are not logged (they may hold secrets).
 */
export function createRouter<M extends ChannelMap>(
  contract: { channels: M },
  handlers: HandlersFor<M>,
  options: RouterOptions = {},
): Router {
  const log = options.logger ?? silentLogger
  const channels = Object.keys(contract.channels)
  const known = new Set(channels)
  const missing = channels.filter((name) => typeof handlers[name] !== 'function')
  if (missing.length > 0)
    throw new AppError('internal', `No handler for IPC channel(s): ${missing.join(', ')}`)

  async function call(
    channel: string,
    input: unknown,
    ctx: CallContext,
  ): Promise<IpcResult<unknown>> {
    if (!known.has(channel)) {
      log.warn('refused unknown channel', { channel: channel.slice(0, 100), sender: ctx.sender })
      return fail({
        code: 'unknown_channel',
        message: `Unknown IPC channel “${channel.slice(0, 100)}”.`,
      })
    }
    // Own-property lookups only: `known` already excludes prototype names like __proto__.
    const definition = contract.channels[channel]!
    // The map is keyed by channel, so this handler's input type is the one parsed below;
    // TypeScript cannot correlate the two through a string index, hence the widening.
    const handler = handlers[channel] as unknown as (
      input: unknown,
      ctx: CallContext,
    ) => Promise<unknown>
    // Validation runs caller-controlled getters and schemas; whatever it throws (a RangeError
    // from a pathological value, a getter's own error) is the caller's fault, not ours.
    let parsed: ReturnType<typeof definition.input.safeParse>
    try {
      const refused = precheck(channel, input)
      if (refused) {
        log.info('refused invalid input', {
          channel,
          path: refused.details?.path,
          sender: ctx.sender,
        })
        return fail(refused)
      }
      parsed = definition.input.safeParse(input)
    } catch (error) {
      log.warn('input could not be validated', {
        channel,
        sender: ctx.sender,
        error: errorSummary(error),
      })
      return fail({
        code: 'invalid_input',
        message: `Invalid input for ${channel}: it could not be validated (${errorSummary(error)}).`,
      })
    }
    if (!parsed.success) {
      const { message, path } = describeIssues(parsed.error)
      log.info('refused invalid input', { channel, path, sender: ctx.sender })
      return fail({
        code: 'invalid_input',
        message: `Invalid input for ${channel}: ${message}`,
        details: { path },
      })
    }
    try {
      if (ctx.signal.aborted) throw new AppError('cancelled', 'The request was cancelled.')
      const value: unknown = await handler(parsed.data, ctx)
      if (options.validateOutputs) {
        const checked = definition.output.safeParse(value)
        if (!checked.success) {
          const { message } = describeIssues(checked.error)
          log.error('handler returned a value outside the contract', { channel, message })
          return fail({
            code: 'internal',
            message: `The handler for ${channel} returned a value outside the contract: ${message}`,
          })
        }
        return ok(checked.data)
      }
      return ok(value)
    } catch (error) {
      const data = toAppErrorData(error)
      if (data.code === 'internal') log.error('handler failed', { channel, error })
      return fail(data)
    }
  }

  return { channels, call }
}
