import { AppError } from '../../../shared/errors'
import type { PatList, PatView, Reveal, StoreFailure } from '../../../shared/ipc/channels/tokens'
import type { PatListParams } from '../api/endpoints/tokens'
import type { NomadClient } from '../api/nomad-client'
import { storedTokenBlock } from '../auth/credential-source'
import type { PendingReveal } from './reveals'
import type { Input, ServiceContext, TokensDeps } from './service-context'
import { replaceFailed, storeFailure } from './store-failure'
import { isoInstant } from './views'

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

/** The server's PATs: list, inspect, create, revoke, rotate (with the vault kept in step). */
export function createPatService(deps: TokensDeps, ctx: ServiceContext) {
  const { sessions, reveals } = deps
  const { target, pat, assertCanStore, rotated: noteRotation } = ctx
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
      const toView = await pat(vault, profile.id)
      const paged = (
        answer: Awaited<ReturnType<NomadClient['tokens']['list']>>,
        via: PatList['via'],
      ) => ({
        items: answer.data.map(toView),
        total: answer.pagination.total ?? answer.data.length,
        page: input.page,
        pageSize: input.pageSize,
        via,
      })
      if (sessions.get(profile.id) !== undefined)
        return paged(await client.tokens.list(params, { ...o, auth: 'identity' }), {
          kind: 'session',
          name: null,
        })
      const active = vault.active(profile.id)
      if (active?.raw !== undefined && storedTokenBlock(active.token, deps.now()) === undefined) {
        try {
          return paged(await client.tokens.list(params, { ...o, auth: 'auto' }), {
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
      const record = await client.tokens.get(id, signal === undefined ? {} : { signal })
      return (await pat(vault, profile.id))(record)
    },

    async create(input: Input<'tokens.create'>): Promise<{ pat: PatView; reveal: Reveal }> {
      const { profile, client, vault } = await target(input.serverId)
      const created = await client.tokens.create({
        metadata: {
          name: input.name,
          scopes: input.scopes,
          ...(input.description ? { description: input.description } : {}),
        },
        expires_in_days: input.expiresInDays,
      })
      // The reply is the new token's only copy: hold it for the reveal before anything else.
      const reveal = reveals.add({
        serverId: profile.id,
        raw: created.raw_token,
        token: {
          name: created.pat.name,
          kind: 'pat',
          scopes: created.pat.scopes,
          expiresAt: created.pat.expired_at === null ? null : isoInstant(created.pat.expired_at),
          serverTokenId: created.pat.id,
          createdAt: isoInstant(created.pat.created_at),
        },
      })
      const view = (await pat(vault, profile.id))(created.pat)
      deps.changed(profile.id)
      return { pat: view, reveal }
    },

    async revoke(serverId: string | undefined, id: string) {
      const { profile, client, vault } = await target(serverId)
      await client.tokens.revoke(id)
      const stored = vault.findByServerTokenId(profile.id, id)
      // A revoked token's value is worthless; keeping it would only clutter the list.
      if (stored !== undefined) await vault.remove(profile.id, stored.id)
      const record = await client.tokens.get(id)
      deps.changed(profile.id)
      return { pat: (await pat(vault, profile.id))(record), removedStored: stored?.name ?? null }
    },

    async rotate(serverId: string | undefined, id: string) {
      const { profile, client, vault } = await target(serverId)
      const stored = vault.findByServerTokenId(profile.id, id)
      // A locked vault is known before the server is asked: fail while the old token still works.
      if (stored !== undefined) assertCanStore(vault)
      const rotated = await client.tokens.rotate(id)
      await noteRotation(profile.id, id, {
        id: rotated.pat.id,
        createdAt: isoInstant(rotated.pat.created_at),
      })
      // From here the old token is dead and the reply is the new one's only copy: hold it for the
      // reveal first, so no vault failure below can lose it.
      const expiresAt = rotated.pat.expired_at === null ? null : isoInstant(rotated.pat.expired_at)
      const pending: PendingReveal = {
        serverId: profile.id,
        raw: rotated.raw_token,
        token: {
          name: rotated.pat.name,
          kind: 'pat',
          scopes: rotated.pat.scopes,
          expiresAt,
          serverTokenId: rotated.pat.id,
          createdAt: isoInstant(rotated.pat.created_at),
        },
        ...(stored === undefined ? {} : { replaces: stored.id }),
      }
      const reveal = reveals.add(pending)
      let failure: StoreFailure | null = null
      if (stored !== undefined) {
        try {
          await vault.replaceValue(profile.id, stored.id, {
            raw: rotated.raw_token,
            serverTokenId: rotated.pat.id,
            expiresAt,
            scopes: rotated.pat.scopes,
          })
          pending.storedId = stored.id
          delete pending.replaces
        } catch (error) {
          failure = storeFailure(error, replaceFailed(stored.name))
        }
      }
      deps.changed(profile.id)
      return {
        pat: (await pat(vault, profile.id))(rotated.pat),
        reveal,
        replacedStored: failure === null ? (stored?.name ?? null) : null,
        storeFailure: failure,
      }
    },
  }
}
