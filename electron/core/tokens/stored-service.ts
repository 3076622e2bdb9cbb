import { parseServerTime, type PatRecord } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { StoredList, StoredTokenView, TestReport } from '../../../shared/ipc/channels/tokens'
import { storedTokenBlock } from '../auth/credential-source'
import { accessTokenExpiry } from '../auth/jwt-expiry'
import type { NomadClient } from '../api/nomad-client'
import type { PendingReveal } from './reveals'
import type { Input, ServiceContext, TokensDeps } from './service-context'
import { addFailed, storeFailure } from './store-failure'
import { testToken } from './token-tester'
import { isoInstant } from './views'

const PAT_PREFIX = 'nomad_pat_'

/**
 * The server's record of a pasted PAT. The value alone says nothing about its id, scopes or
 * expiry, but the test just used it and the server stamps last_used_at on every use: with a
 * session, the token used most recently, since the test began, is this one — if its scopes
 * agree with what the test proved. Anything doubtful yields undefined (scopes from the test,
 * expiry unknown) rather than a wrong record.
 */
async function findPastedRecord(
  client: NomadClient,
  since: number,
  can: readonly string[],
  cannot: readonly string[],
): Promise<PatRecord | undefined> {
  try {
    const answer = await client.tokens.list(
      { order_by: 'last_used_desc', state: 'active', page_size: 1 },
      { auth: 'identity', maxAttempts: 1 },
    )
    const record = answer.data[0]
    if (record?.last_used_at == null) return undefined
    if (parseServerTime(record.last_used_at) < since - 1000) return undefined
    const agrees =
      can.every((scope) => record.scopes.includes(scope)) &&
      !cannot.some((scope) => record.scopes.includes(scope))
    return agrees ? record : undefined
  } catch {
    return undefined
  }
}

/** Tokens this app stores: use a revealed one, test, paste, choose the active one, app tokens. */
export function createStoredService(deps: TokensDeps, ctx: ServiceContext) {
  const { credentials, reveals, sessions } = deps
  const { target, profileOf, storedList, storedView, assertCanStore } = ctx

  async function test(
    serverId: string | undefined,
    what: { storedId: string } | { revealId: string },
    signal?: AbortSignal,
  ): Promise<TestReport> {
    const { profile, client, vault } = await target(serverId)
    if ('revealId' in what) {
      const pending = reveals.get(what.revealId)
      if (pending.serverId !== profile.id)
        throw new AppError('invalid_input', 'That new token belongs to another server.')
      return testToken(
        client,
        credentials,
        {
          serverId: profile.id,
          serverName: profile.name,
          credential: { token: pending.raw, kind: pending.token.kind, label: pending.token.name },
          scopes: pending.token.kind === 'pat' ? pending.token.scopes : undefined,
        },
        deps.now,
        signal,
      )
    }
    const token = vault.get(profile.id, what.storedId)
    if (token === undefined)
      throw new AppError('not_found', `No stored token with id ${what.storedId}.`)
    const raw = await vault.reveal(profile.id, token.id)
    const report = await testToken(
      client,
      credentials,
      {
        serverId: profile.id,
        serverName: profile.name,
        credential: { token: raw, kind: token.kind, label: token.name },
        scopes: token.kind === 'pat' && token.scopes.length > 0 ? token.scopes : undefined,
      },
      deps.now,
      signal,
    )
    await vault.update(profile.id, token.id, {
      lastTestedAt: report.testedAt,
      rejectedAt: report.verdict === 'rejected' ? report.testedAt : null,
    })
    return report
  }

  return {
    async useRevealed(revealId: string, activate: boolean): Promise<StoredTokenView> {
      const pending = reveals.get(revealId)
      const vault = await deps.vault()
      const { serverId, token, raw } = pending
      if (pending.storedId !== undefined && vault.get(serverId, pending.storedId)) {
        if (activate) await vault.setActive(serverId, pending.storedId)
        return storedView(vault, serverId, pending.storedId)
      }
      // A rotation whose replacement failed: fix the entry that holds the dead old value.
      if (pending.replaces !== undefined && vault.get(serverId, pending.replaces)) {
        const { serverTokenId, expiresAt, scopes } = token
        await vault.replaceValue(serverId, pending.replaces, {
          raw,
          serverTokenId,
          expiresAt,
          scopes,
        })
        pending.storedId = pending.replaces
        delete pending.replaces
        if (activate) await vault.setActive(serverId, pending.storedId)
        return storedView(vault, serverId, pending.storedId)
      }
      const stored = await vault.add(serverId, { ...token, raw }, { activate })
      pending.storedId = stored.id
      return storedView(vault, serverId, stored.id)
    },

    forgetRevealed: (revealId: string) => reveals.forget(revealId),

    test,

    async storePasted(input: Input<'tokens.storePasted'>, signal?: AbortSignal) {
      const { profile, client, vault } = await target(input.serverId)
      assertCanStore(vault)
      const raw = input.rawToken
      const kind = raw.startsWith(PAT_PREFIX) ? 'pat' : 'app-token'
      const startedAt = deps.now()
      const report = await testToken(
        client,
        credentials,
        {
          serverId: profile.id,
          serverName: profile.name,
          credential: { token: raw, kind, label: input.name },
          scopes: undefined,
        },
        deps.now,
        signal,
      )
      if (report.verdict !== 'valid')
        throw new AppError('invalid_input', `Not stored: ${report.message}`, { path: ['rawToken'] })
      const proven = (result: 'can' | 'cannot') =>
        report.checks.filter((check) => check.result === result).map((check) => check.scope)
      const record =
        kind === 'pat' && sessions.get(profile.id) !== undefined
          ? await findPastedRecord(client, startedAt, proven('can'), proven('cannot'))
          : undefined
      const stored = await vault.add(
        profile.id,
        {
          name: input.name,
          kind,
          // Without its record, a PAT's scopes are what the test proved and its expiry unknown.
          scopes: record?.scopes ?? (kind === 'pat' ? proven('can') : []),
          expiresAt:
            kind === 'app-token'
              ? new Date(accessTokenExpiry(raw, deps.now())).toISOString()
              : record?.expired_at
                ? isoInstant(record.expired_at)
                : null,
          ...(record === undefined ? {} : { serverTokenId: record.id }),
          raw,
        },
        { activate: input.activate },
      )
      await vault.update(profile.id, stored.id, { lastTestedAt: report.testedAt })
      return { stored: storedView(vault, profile.id, stored.id), report }
    },

    async stored(serverId?: string): Promise<StoredList> {
      const profile = profileOf(serverId)
      return storedList(await deps.vault(), profile.id)
    },

    async setActive(serverId: string | undefined, id: string | null): Promise<StoredList> {
      const profile = profileOf(serverId)
      const vault = await deps.vault()
      if (id !== null) {
        const token = vault.get(profile.id, id)
        const block = token && storedTokenBlock(token, deps.now())
        if (block !== undefined)
          throw new AppError('invalid_input', `Not used for requests: ${block}.`)
      }
      await vault.setActive(profile.id, id)
      return storedList(vault, profile.id)
    },

    async removeStored(serverId: string | undefined, id: string): Promise<StoredList> {
      const profile = profileOf(serverId)
      const vault = await deps.vault()
      await vault.remove(profile.id, id)
      return storedList(vault, profile.id)
    },

    async appToken(input: Input<'tokens.appToken'>) {
      const { profile, client, vault } = await target(input.serverId)
      assertCanStore(vault)
      const requestedAt = deps.now()
      const { app_token: raw } = await client.auth.appToken(input.expiresInSeconds)
      const expiresAt = new Date(
        Math.min(accessTokenExpiry(raw, requestedAt), requestedAt + input.expiresInSeconds * 1000),
      ).toISOString()
      const pending: PendingReveal = {
        serverId: profile.id,
        raw,
        token: { name: input.name, kind: 'app-token', scopes: [], expiresAt },
      }
      // The server cannot show an app token again: reveal first, then store.
      const reveal = reveals.add(pending)
      try {
        const stored = await vault.add(
          profile.id,
          { ...pending.token, raw },
          { activate: input.activate },
        )
        pending.storedId = stored.id
        return { stored: storedView(vault, profile.id, stored.id), reveal, storeFailure: null }
      } catch (error) {
        return { stored: null, reveal, storeFailure: storeFailure(error, addFailed()) }
      }
    },
  }
}
