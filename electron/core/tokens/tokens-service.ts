import { AppError } from '../../../shared/errors'
import type { z } from 'zod'
import type {
  tokensChannels,
  PatList,
  PatView,
  Reveal,
  StoredList,
  StoredTokenView,
  TestReport,
} from '../../../shared/ipc/channels/tokens'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import type { ApiRegistry } from '../api/client-registry'
import type { PatListParams } from '../api/endpoint-types'
import type { NomadClient } from '../api/nomad-client'
import { segment } from '../api/request-url'
import { storedTokenBlock, type AppCredentialSource } from '../auth/credential-source'
import type { Sessions } from '../auth/sessions'
import { accessTokenExpiry } from '../auth/jwt-expiry'
import type { TokenVault } from '../vault/vault'
import type { Reveals } from './reveals'
import { testToken } from './token-tester'
import { isoInstant, toPatView, toStoredView } from './views'

export interface TokensDeps {
  profiles: { get(id: string): ServerProfile; active(): ServerProfile }
  api: Pick<ApiRegistry, 'clientFor'>
  vault: () => Promise<TokenVault>
  credentials: AppCredentialSource
  sessions: Sessions
  reveals: Reveals
  reminderDays: () => number
  now: () => number
  /** After anything that changes a server's tokens or this app's stored ones. */
  changed: (serverId: string) => void
}

/** What a tokens handler receives (after the router's validation and defaults). */
type Input<C extends keyof typeof tokensChannels> = z.output<(typeof tokensChannels)[C]['input']>

const PAT_PREFIX = 'nomad_pat_'

/** The list filter in the app's words → the server's query parameters (nomad-pat-facts §1.5). */
function stateParams(
  state: Input<'tokens.list'>['state'],
): Pick<PatListParams, 'state' | 'revoked'> {
  switch (state) {
    case 'all':
      return {}
    case 'active':
      return { state: 'active' }
    case 'inactive':
      return { state: 'inactive' }
    case 'expired':
      return { state: 'inactive', revoked: false }
    case 'revoked':
      return { revoked: true }
  }
}

/**
 * DELETE /auth/pats/{id} (204). Not `client.revokePat`: its requestEmpty destroys the unread
 * 204 body, and undici then emits an 'error' nobody listens to (an uncaught AbortError). Reading
 * the empty body to its end instead frees the connection cleanly.
 */
async function revokeDrained(client: NomadClient, id: string): Promise<void> {
  await client.stream(
    'DELETE',
    `/auth/pats/${segment(id)}`,
    { auth: 'identity', expect: [200, 204] },
    async (body) => {
      for await (const _chunk of body) {
        // nothing to read: revocation answers 204 No Content
      }
    },
  )
}

export function createTokensService(deps: TokensDeps) {
  const { sessions, credentials, reveals } = deps
  const profileOf = (serverId?: string) =>
    serverId === undefined ? deps.profiles.active() : deps.profiles.get(serverId)
  const target = async (serverId?: string) => {
    const profile = profileOf(serverId)
    return { profile, client: await deps.api.clientFor(profile.id), vault: await deps.vault() }
  }
  const context = (vault: TokenVault) => ({
    now: deps.now(),
    locked: vault.state().cipherStatus === 'locked',
    reminderDays: deps.reminderDays(),
  })
  const pat = (vault: TokenVault, serverId: string) => (record: Parameters<typeof toPatView>[0]) =>
    toPatView(record, vault, serverId, deps.now())

  function storedList(vault: TokenVault, serverId: string): StoredList {
    const { activeId, tokens } = vault.list(serverId)
    const ctx = context(vault)
    return {
      serverId,
      activeId,
      items: tokens.map((token) => toStoredView(token, token.id === activeId, ctx)),
    }
  }

  function storedView(vault: TokenVault, serverId: string, id: string): StoredTokenView {
    const token = vault.get(serverId, id)
    if (token === undefined) throw new AppError('not_found', `No stored token with id ${id}.`)
    return toStoredView(token, vault.list(serverId).activeId === id, context(vault))
  }

  /** Before asking a server for a token the app will store: fail early if it cannot be stored. */
  function assertCanStore(vault: TokenVault) {
    if (vault.state().persistence === 'locked')
      throw new AppError(
        'vault_locked',
        'The token vault is locked. Unlock it with its passphrase to store tokens.',
      )
  }

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
    async list(input: Input<'tokens.list'>, signal?: AbortSignal): Promise<PatList> {
      const { profile, client, vault } = await target(input.serverId)
      const params: PatListParams = {
        ...stateParams(input.state),
        ...(input.search ? { search: input.search } : {}),
        order_by: input.orderBy,
        page: input.page,
        page_size: input.pageSize,
      }
      const o = signal === undefined ? {} : { signal }
      const toView = pat(vault, profile.id)
      const paged = (
        answer: Awaited<ReturnType<NomadClient['listPats']>>,
        via: PatList['via'],
      ) => ({
        items: answer.data.map(toView),
        total: answer.pagination.total ?? answer.data.length,
        page: input.page,
        pageSize: input.pageSize,
        via,
      })
      if (sessions.get(profile.id) !== undefined)
        return paged(await client.listPats(params, { ...o, auth: 'identity' }), {
          kind: 'session',
          name: null,
        })
      const active = vault.active(profile.id)
      if (active?.raw !== undefined && storedTokenBlock(active.token, deps.now()) === undefined) {
        try {
          return paged(await client.listPats(params, { ...o, auth: 'auto' }), {
            kind: 'stored-token',
            name: active.token.name,
          })
        } catch (error) {
          // The real server never gives a PAT tokens:read; only the session can list.
          if (!(error instanceof AppError) || !['forbidden', 'auth_required'].includes(error.code))
            throw error
          throw new AppError(
            'auth_required',
            `Sign in to ${profile.name} to see your tokens: the server does not let the stored token “${active.token.name}” list them (${error.details?.serverMessage ?? error.message}).`,
            error.details,
          )
        }
      }
      throw new AppError('auth_required', `Sign in to ${profile.name} to see your tokens.`)
    },

    async get(serverId: string | undefined, id: string, signal?: AbortSignal): Promise<PatView> {
      const { profile, client, vault } = await target(serverId)
      return pat(vault, profile.id)(await client.getPat(id, signal === undefined ? {} : { signal }))
    },

    async create(input: Input<'tokens.create'>): Promise<{ pat: PatView; reveal: Reveal }> {
      const { profile, client, vault } = await target(input.serverId)
      const created = await client.createPat({
        metadata: {
          name: input.name,
          scopes: input.scopes,
          ...(input.description ? { description: input.description } : {}),
        },
        expires_in_days: input.expiresInDays,
      })
      const view = pat(vault, profile.id)(created.pat)
      const reveal = reveals.add({
        serverId: profile.id,
        raw: created.raw_token,
        token: {
          name: view.name,
          kind: 'pat',
          scopes: view.scopes,
          expiresAt: view.expiresAt,
          serverTokenId: view.id,
          createdAt: view.createdAt,
        },
      })
      deps.changed(profile.id)
      return { pat: view, reveal }
    },

    async revoke(serverId: string | undefined, id: string) {
      const { profile, client, vault } = await target(serverId)
      await revokeDrained(client, id)
      const stored = vault.findByServerTokenId(profile.id, id)
      // A revoked token's value is worthless; keeping it would only clutter the list.
      if (stored !== undefined) await vault.remove(profile.id, stored.id)
      const record = await client.getPat(id)
      deps.changed(profile.id)
      return { pat: pat(vault, profile.id)(record), removedStored: stored?.name ?? null }
    },

    async rotate(serverId: string | undefined, id: string) {
      const { profile, client, vault } = await target(serverId)
      const stored = vault.findByServerTokenId(profile.id, id)
      if (stored !== undefined) assertCanStore(vault)
      const rotated = await client.rotatePat(id)
      const expiresAt = rotated.pat.expired_at === null ? null : isoInstant(rotated.pat.expired_at)
      if (stored !== undefined)
        await vault.replaceValue(profile.id, stored.id, {
          raw: rotated.raw_token,
          serverTokenId: rotated.pat.id,
          expiresAt,
          scopes: rotated.pat.scopes,
        })
      const view = pat(vault, profile.id)(rotated.pat)
      const reveal = reveals.add({
        serverId: profile.id,
        raw: rotated.raw_token,
        token: {
          name: view.name,
          kind: 'pat',
          scopes: view.scopes,
          expiresAt,
          serverTokenId: view.id,
          createdAt: view.createdAt,
        },
        ...(stored === undefined ? {} : { storedId: stored.id }),
      })
      deps.changed(profile.id)
      return { pat: view, reveal, replacedStored: stored?.name ?? null }
    },

    async useRevealed(revealId: string, activate: boolean): Promise<StoredTokenView> {
      const pending = reveals.get(revealId)
      const vault = await deps.vault()
      if (pending.storedId !== undefined && vault.get(pending.serverId, pending.storedId)) {
        if (activate) await vault.setActive(pending.serverId, pending.storedId)
        return storedView(vault, pending.serverId, pending.storedId)
      }
      const stored = await vault.add(
        pending.serverId,
        { ...pending.token, raw: pending.raw },
        { activate },
      )
      pending.storedId = stored.id
      return storedView(vault, pending.serverId, stored.id)
    },

    forgetRevealed: (revealId: string) => reveals.forget(revealId),

    test,

    async storePasted(input: Input<'tokens.storePasted'>, signal?: AbortSignal) {
      const { profile, client, vault } = await target(input.serverId)
      assertCanStore(vault)
      const raw = input.rawToken
      const kind = raw.startsWith(PAT_PREFIX) ? 'pat' : 'app-token'
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
      // A PAT's scopes and expiry are known only from its record, which the session can read;
      // the value alone says nothing, so without a session both stay unknown.
      const canRead = (scope: string) =>
        report.checks.some((check) => check.scope === scope && check.result === 'can')
      const stored = await vault.add(
        profile.id,
        {
          name: input.name,
          kind,
          scopes: kind === 'pat' ? report.checks.map((c) => c.scope).filter(canRead) : [],
          expiresAt:
            kind === 'app-token'
              ? new Date(accessTokenExpiry(raw, deps.now())).toISOString()
              : null,
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
      const { app_token: raw } = await client.appToken(input.expiresInSeconds)
      const expiresAt = new Date(
        Math.min(accessTokenExpiry(raw, requestedAt), requestedAt + input.expiresInSeconds * 1000),
      ).toISOString()
      const token = { name: input.name, kind: 'app-token' as const, scopes: [], expiresAt }
      const stored = await vault.add(profile.id, { ...token, raw }, { activate: input.activate })
      const reveal = reveals.add({ serverId: profile.id, raw, token, storedId: stored.id })
      return { stored: storedView(vault, profile.id, stored.id), reveal }
    },
  }
}

export type TokensService = ReturnType<typeof createTokensService>
