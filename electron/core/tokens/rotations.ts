/**
 * Rotations this app made, old token → its replacement, per server, in
 * <dataDir>/tokens/rotations.json. The server keeps no such link (a rotation is a revoke plus a
 * new token), so without this file an old row would show as plainly revoked after a restart.
 * Token ids and created times only: nothing here is a secret.
 */
import { join } from 'node:path'
import { z } from 'zod'
import type { PatView } from '../../../shared/ipc/channels/tokens'
import type { Logger } from '../logging'
import { createPerServerStore } from '../storage/per-server-store'

/** Enough for years of rotations; older marks matter less than a file that never grows. */
export const ROTATIONS_LIMIT = 200

const rotationSchema = z.strictObject({
  oldId: z.string(),
  newId: z.string(),
  createdAt: z.string(),
})

export type Replacement = NonNullable<PatView['replacedBy']>

export interface Rotations {
  /** The replacements known for the server's tokens, by old token id. */
  of(serverId: string): Promise<ReadonlyMap<string, Replacement>>
  /**
   * Remembers that rotating `oldId` made the token `replacement` (the newest first). Never
   * rejects: the old token is already dead, and a mark that cannot be written must not cost the
   * user the new token's only reveal; the failure is logged.
   */
  note(serverId: string, oldId: string, replacement: Replacement): Promise<void>
  /** Forgets the server's rotations (its profile was removed). */
  forget(serverId: string): Promise<void>
}

export function createRotations(dataDir: string, logger: Logger): Rotations {
  const store = createPerServerStore({
    path: join(dataDir, 'tokens', 'rotations.json'),
    schema: z.array(rotationSchema),
    logger,
  })
  return {
    async of(serverId) {
      const list = (await store.get(serverId)) ?? []
      return new Map(list.map((r) => [r.oldId, { id: r.newId, createdAt: r.createdAt }]))
    },
    async note(serverId, oldId, replacement) {
      await store
        .update(serverId, (list = []) =>
          [
            { oldId, newId: replacement.id, createdAt: replacement.createdAt },
            ...list.filter((r) => r.oldId !== oldId),
          ].slice(0, ROTATIONS_LIMIT),
        )
        .catch((error: unknown) => {
          logger.warn('the rotation could not be remembered', { serverId, error })
        })
    },
    async forget(serverId) {
      await store.update(serverId, () => [])
    },
  }
}
