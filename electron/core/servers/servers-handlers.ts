import type { serversChannels } from '../../../shared/ipc/channels/servers'
import type { HandlersFor } from '../ipc/router'
import type { CoreServices } from '../services'
import { probeServer } from './probe'
import type { StatusTracker } from './status-tracker'

/** Told after a profile was removed or re-addressed (credentials follow the profile). */
export interface ServerChangeHooks {
  removed?(serverId: string): Promise<void>
  moved?(serverId: string): Promise<void>
}

export function createServersHandlers(
  services: Pick<CoreServices, 'profiles' | 'api'>,
  tracker: StatusTracker,
  hooks: ServerChangeHooks = {},
): HandlersFor<typeof serversChannels> {
  const { profiles, api } = services
  return {
    'servers.list': () => Promise.resolve(profiles.list()),
    // A new or re-addressed server is checked once, right away: the user just typed its
    // address and wants to know whether it works. Only the active server is re-checked later.
    'servers.add': (draft) => {
      const profile = profiles.add(draft)
      tracker.sync()
      void tracker.check(profile)
      return Promise.resolve(profile)
    },
    'servers.update': async (changes) => {
      const { profile, urlChanged } = profiles.update(changes)
      if (urlChanged) await hooks.moved?.(profile.id)
      // The old address's client (and its scheduler, if no one else uses it) goes away.
      if (urlChanged) api.sync()
      tracker.sync({ resetIds: urlChanged ? [profile.id] : [] })
      if (urlChanged) void tracker.check(profile)
      return profile
    },
    'servers.remove': async ({ id }) => {
      const before = profiles.list().activeServerId
      const list = profiles.remove(id)
      await hooks.removed?.(id)
      api.sync()
      tracker.sync({ recheckActive: before !== list.activeServerId })
      return list
    },
    'servers.select': ({ id }) => {
      const list = profiles.select(id)
      tracker.sync({ recheckActive: true })
      return Promise.resolve(list)
    },
    'servers.check': ({ id }) => tracker.check(profiles.get(id)),
    'servers.probe': async ({ baseUrl }, { signal }) => {
      const { client, release } = api.clientForAddress(baseUrl)
      try {
        return await probeServer(client, { signal })
      } finally {
        release()
      }
    },
  }
}
