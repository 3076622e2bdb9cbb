import { AppError } from '../../../shared/errors'
import type { z } from 'zod'
import type {
  PatView,
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
import { toPatView, toStoredView } from './views'

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
export type Input<C extends keyof typeof tokensChannels> = z.output<
  (typeof tokensChannels)[C]['input']
>

/** Helpers both halves of the tokens service share: the target server and view builders. */
export function createServiceContext(deps: TokensDeps) {
  const profileOf = (serverId?: string) =>
    serverId === undefined ? deps.profiles.active() : deps.profiles.get(serverId)
  // Rotations this app made, old token → its replacement, per server (memory only: neither a
  // secret nor worth a file, and the server's own records stay the truth).
  const rotations = new Map<string, PatView['replacedBy']>()
  const rotationKey = (serverId: string, id: string) => `${serverId}\u0000${id}`
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
    pat: (vault: TokenVault, serverId: string) => (record: Parameters<typeof toPatView>[0]) =>
      toPatView(
        record,
        vault,
        serverId,
        deps.now(),
        rotations.get(rotationKey(serverId, record.id)) ?? null,
      ),
    /** Remembers that rotating `oldId` made the token `replacement`. */
    rotated: (serverId: string, oldId: string, replacement: NonNullable<PatView['replacedBy']>) =>
      void rotations.set(rotationKey(serverId, oldId), replacement),
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
