import { AppError } from '../../../shared/errors'
import type { ScopeCheck, TestReport } from '../../../shared/ipc/channels/tokens'
import type { Credential } from '../api/credentials'
import type { NomadClient } from '../api/nomad-client'
import type { AppCredentialSource } from '../auth/credential-source'
import { SCOPE_PROBES } from './scope-probes'

export interface TestTarget {
  serverId: string
  serverName: string
  credential: Credential
  /** What the token claims to hold; undefined when unknown (a pasted token): every probe runs. */
  scopes: readonly string[] | undefined
}

/**
 * Tests a token against a real endpoint. First GET /users/me, which requires login: a revoked
 * or expired PAT falls back to anonymous on the real server, so only an endpoint that refuses
 * anonymous callers tells a live token from a dead one. Then one harmless read per scope.
 */
export async function testToken(
  client: NomadClient,
  credentials: AppCredentialSource,
  target: TestTarget,
  now: () => number,
  signal?: AbortSignal,
): Promise<TestReport> {
  // One attempt each: a test should answer promptly, and a 401 is final anyway.
  const options = { maxAttempts: 1, ...(signal === undefined ? {} : { signal }) }
  const using = <T>(work: () => Promise<T>) =>
    credentials.withCredential(target.serverId, target.credential, work)
  const testedAt = () => new Date(now()).toISOString()
  const claimed = target.scopes ?? Object.keys(SCOPE_PROBES)

  let user
  try {
    user = await using(() => client.users.me(options))
  } catch (error) {
    if (error instanceof AppError && error.code === 'auth_required')
      return {
        verdict: 'rejected',
        message: `${target.serverName} does not accept this token: it was revoked, has expired, or does not belong to this server.`,
        user: null,
        checks: claimed.map((scope) => ({
          scope,
          result: 'not-checked',
          detail: 'Not checked: the server refused the token.',
        })),
        testedAt: testedAt(),
      }
    throw error
  }

  const checks: ScopeCheck[] = []
  for (const scope of claimed) {
    const probe = SCOPE_PROBES[scope]
    if (probe === undefined) {
      checks.push({
        scope,
        result: 'not-checked',
        detail: 'No harmless request proves this scope; the server checks it when it is used.',
      })
      continue
    }
    try {
      await using(() => probe.run(client, options))
      checks.push({ scope, result: 'can', detail: `${probe.request} answered.` })
    } catch (error) {
      if (error instanceof AppError && error.code === 'forbidden')
        checks.push({
          scope,
          result: 'cannot',
          detail: `${probe.request} was refused: ${error.details?.serverMessage ?? error.message}`,
        })
      else if (error instanceof AppError && error.code === 'cancelled') throw error
      else
        checks.push({
          scope,
          result: 'not-checked',
          detail: `${probe.request} failed: ${error instanceof Error ? error.message : String(error)}`,
        })
    }
  }
  const name = user.name ?? ([user.first_name, user.last_name].filter(Boolean).join(' ') || null)
  const who =
    name !== null ? `${name} (${user.username ?? user.user_id})` : (user.username ?? user.user_id)
  const cannot = checks.filter((c) => c.result === 'cannot').map((c) => c.scope)
  return {
    verdict: 'valid',
    message:
      cannot.length === 0
        ? `Works: this token belongs to ${who}.`
        : `This token belongs to ${who}, but it cannot use ${cannot.join(', ')}.`,
    user: { userId: user.user_id, username: user.username ?? null, name },
    checks,
    testedAt: testedAt(),
  }
}
