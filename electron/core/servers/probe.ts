import { z } from 'zod'
import type { ServerStatus } from '../../../shared/ipc/models/server-profile'

/**
 * The connection probe: GET {baseUrl}/info, which every NOMAD API answers without sign-in and
 * which carries the server's version. Kept in this one module on purpose: a later issue routes
 * all traffic through the per-server scheduler and replaces only the fetch used here.
 */
export const PROBE_TIMEOUT_MS = 8_000

const infoSchema = z.looseObject({ version: z.string().min(1) })

export type ProbeOutcome = Omit<ServerStatus, 'checkedAt'> & {
  state: 'online' | 'offline' | 'error'
}

export interface ProbeOptions {
  fetch?: typeof fetch
  timeoutMs?: number
  /** Aborting this (a newer probe, shutdown) makes probeServer reject with the abort reason. */
  signal?: AbortSignal
}

function describeNetworkError(error: unknown, host: string, timeoutMs: number): ProbeOutcome {
  if (error instanceof Error && error.name === 'TimeoutError')
    return { state: 'offline', message: `No answer from ${host} within ${timeoutMs / 1000} s.` }
  const cause: unknown = error instanceof Error ? error.cause : undefined
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : ''
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return {
        state: 'offline',
        message: `Could not look up ${host} (DNS). Check the address or your internet connection.`,
      }
    case 'ECONNREFUSED':
      return { state: 'offline', message: `${host} refused the connection. Is the server running?` }
    case 'ECONNRESET':
      return { state: 'offline', message: `${host} closed the connection unexpectedly.` }
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return { state: 'offline', message: `Connecting to ${host} timed out.` }
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return { state: 'offline', message: `No network route to ${host}. Are you offline?` }
    default:
      if (/CERT|SSL|TLS/i.test(code))
        return {
          state: 'error',
          message: `The TLS certificate of ${host} was not accepted (${code}).`,
        }
      return {
        state: 'offline',
        message: `Could not reach ${host}: ${cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error)}`,
      }
  }
}

async function readOutcome(response: Response, infoUrl: string): Promise<ProbeOutcome> {
  const { status } = response
  if (status === 401 || status === 403)
    return {
      state: 'online',
      message: `Reachable, but this server requires sign-in even for ${infoUrl} (${status}).`,
    }
  if (status === 404)
    return {
      state: 'error',
      message: `No NOMAD API at this address: ${infoUrl} answered 404. The address usually ends with /api/v1.`,
    }
  if (status === 429 || status === 503)
    return {
      state: 'error',
      message: `The server is busy or limiting requests (${status}); it will be checked again shortly.`,
    }
  if (status >= 500) return { state: 'error', message: `The server reported an error (${status}).` }
  if (status !== 200)
    return { state: 'error', message: `Unexpected answer ${status} from ${infoUrl}.` }
  let body: unknown
  try {
    body = await response.json()
  } catch (error) {
    // A timeout or abort while the body streams in is not a format problem.
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw error
    return {
      state: 'error',
      message: `${infoUrl} did not answer with JSON; this does not look like a NOMAD API.`,
    }
  }
  const info = infoSchema.safeParse(body)
  if (!info.success)
    return {
      state: 'error',
      message: `${infoUrl} answered without a version; this does not look like a NOMAD API.`,
    }
  return { state: 'online', version: info.data.version }
}

/** Checks one server. Resolves with what was found; rejects only when `signal` aborts. */
export async function probeServer(
  baseUrl: string,
  options: ProbeOptions = {},
): Promise<ProbeOutcome> {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS
  const infoUrl = `${baseUrl}/info`
  const host = new URL(baseUrl).host
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  try {
    const response = await doFetch(infoUrl, {
      headers: { accept: 'application/json' },
      signal,
      redirect: 'follow',
    })
    return await readOutcome(response, infoUrl)
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason
    return describeNetworkError(error, host, timeoutMs)
  }
}
