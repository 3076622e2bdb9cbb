import { AppError } from '../../../shared/errors'
import type { z } from 'zod'
import type {
  StoredList,
  StoredTokenView,
  tokensChannels,
} from '../../../shared/ipc/channels/tokens'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import type { ApiRegistry } from '../api/client-registry'
import type { AppCredentialSource } from '../auth/credential-source'
import type { Sessions } from '../auth/sessions'
import type { TokenVault } from '../vault/vault'
import type { Reveals } from './reveals'
import type { Replacement, Rotations } from './rotations'
import { toPatView, toStoredView } from './views'

export interface TokensDeps {
  profiles: { get(id: string): ServerProfile; active(): ServerProfile }
  api: Pick<ApiRegistry, 'clientFor'>
  vault: () => Promise<TokenVault>
  credentials: AppCredentialSource
  sessions: Sessions
  reveals: Reveals
  /** Which token replaced which, kept on disk so the mark outlives a restart. */
  rotations: Rotations
  reminderDays: () => number
  now: () => number
  /** After anything that changes a server's tokens or this app's stored ones. */
  changed: (serverId: string) => void
}

/** What a tokens handler receives (after the router's validation and defaults). */
export type Input<C extends keyof typeof tokensChannels> = z.output<
  (typeof tokensChannels)[C]['input']
>

/** Helpers both halves of the tokens service share: the target server and view builders. */
export function createServiceContext(deps: TokensDeps) {
  const profileOf = (serverId?: string) =>
    serverId === undefined ? deps.profiles.active() : deps.profiles.get(serverId)
  const viewContext = (vault: TokenVault) => ({
    now: deps.now(),
    locked: vault.state().cipherStatus === 'locked',
    reminderDays: deps.reminderDays(),
  })
  return {
    profileOf,
    /** The server profile, its API client and the (opened) vault. */
    target: async (serverId?: string) => {
      const profile = profileOf(serverId)
      return { profile, client: await deps.api.clientFor(profile.id), vault: await deps.vault() }
    },
    /** A view builder for the server's tokens, with the rotations this app remembers. */
    pat: async (vault: TokenVault, serverId: string) => {
      const replacements = await deps.rotations.of(serverId)
      return (record: Parameters<typeof toPatView>[0]) =>
        toPatView(record, vault, serverId, deps.now(), replacements.get(record.id) ?? null)
    },
    /** Remembers that rotating `oldId` made the token `replacement`. */
    rotated: (serverId: string, oldId: string, replacement: Replacement) =>
      deps.rotations.note(serverId, oldId, replacement),
    storedList: (vault: TokenVault, serverId: string): StoredList => {
      const { activeId, tokens } = vault.list(serverId)
      const ctx = viewContext(vault)
      return {
        serverId,
        activeId,
        items: tokens.map((token) => toStoredView(token, token.id === activeId, ctx)),
      }
    },
    storedView: (vault: TokenVault, serverId: string, id: string): StoredTokenView => {
      const token = vault.get(serverId, id)
      if (token === undefined) throw new AppError('not_found', `No stored token with id ${id}.`)
      return toStoredView(token, vault.list(serverId).activeId === id, viewContext(vault))
    },
    /** Before asking a server for a token the app will store: fail early if it cannot be stored. */
    assertCanStore: (vault: TokenVault) => {
      if (vault.state().persistence === 'locked')
        throw new AppError(
          'vault_locked',
          'The token vault is locked. Unlock it with its passphrase to store tokens.',
        )
    },
  }
}

export type ServiceContext = ReturnType<typeof createServiceContext>
