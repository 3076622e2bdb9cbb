import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import type { ServerStatus } from '../../../shared/ipc/models/server-profile'
import type { NomadClient } from '../api/nomad-client'

/**
 * The connection probe: GET {baseUrl}/info through the server's client (interactive lane, so
 * it is paced and counted like every other request), anonymous: every NOMAD API answers it
 * without sign-in, and it carries the server's version.
 */
export const PROBE_TIMEOUT_MS = 8_000

// Only the version: a probe must not call a server broken because a field it does not need
// changed shape (the full schema is shared/api infoResponse, used by NomadClient.info).
const probeInfoSchema = z.looseObject({ version: z.string().min(1) })

export type ProbeOutcome = Omit<ServerStatus, 'checkedAt'> & {
  state: 'online' | 'offline' | 'error'
}

export interface ProbeOptions {
  timeoutMs?: number
  /** Aborting this (a newer probe, shutdown) makes probeServer reject with the abort reason. */
  signal?: AbortSignal
}

function outcomeOf(error: AppError, infoUrl: string): ProbeOutcome {
  const status = error.details?.status
  switch (error.code) {
    case 'auth_required':
    case 'forbidden':
      if (status === undefined) return { state: 'error', message: error.message }
      return {
        state: 'online',
        message: `Reachable, but this server requires sign-in even for ${infoUrl} (${status}).`,
      }
    case 'not_found':
      return {
        state: 'error',
        message: `No NOMAD API at this address: ${infoUrl} answered 404. The address usually ends with /api/v1.`,
      }
    case 'throttled':
      return {
        state: 'error',
        message: `The server is busy or limiting requests (${status ?? 503}); it will be checked again shortly.`,
      }
    case 'server_error':
      return { state: 'error', message: `The server reported an error (${status ?? 500}).` }
    case 'invalid_response':
      return {
        state: 'error',
        message: error.details?.path
          ? `${infoUrl} answered without a version; this does not look like a NOMAD API.`
          : `${infoUrl} did not answer with JSON; this does not look like a NOMAD API.`,
      }
    case 'network': {
      const tls = /TLS certificate/.test(error.message)
      return { state: tls ? 'error' : 'offline', message: error.message }
    }
    case 'cancelled':
    case 'conflict':
    case 'internal':
    case 'invalid_input':
    case 'limit_exceeded':
    case 'unavailable':
    case 'unknown_channel':
    case 'vault_locked':
      return {
        state: 'error',
        message: status ? `Unexpected answer ${status} from ${infoUrl}.` : error.message,
      }
  }
}

/** Checks one server. Resolves with what was found; rejects only when `signal` aborts. */
export async function probeServer(
  client: NomadClient,
  options: ProbeOptions = {},
): Promise<ProbeOutcome> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS
  const infoUrl = `${client.baseUrl}/info`
  const host = new URL(client.baseUrl).host
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  try {
    const info = await client.requester.requestJson('GET', '/info', {
      schema: probeInfoSchema,
      auth: 'none',
      lane: 'interactive',
      // One retry covers a dropped keep-alive socket; the tracker re-checks failures anyway.
      maxAttempts: 2,
      label: 'the connection check',
      signal,
    })
    return { state: 'online', version: info.version }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason
    if (timeout.aborted)
      return { state: 'offline', message: `No answer from ${host} within ${timeoutMs / 1000} s.` }
    if (error instanceof AppError) return outcomeOf(error, infoUrl)
    throw error
  }
}
