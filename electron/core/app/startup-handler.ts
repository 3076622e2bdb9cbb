import type { Channels } from '../../../shared/ipc/contract'
import type { HandlersFor } from '../ipc/router'

type StartupParts = Pick<
  HandlersFor<Channels>,
  'app.info' | 'app.status' | 'settings.get' | 'servers.list' | 'search.info' | 'search.state.get'
>

/** null instead of a rejection: a part that fails is asked for again by its own screen. */
async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work
  } catch {
    return null
  }
}

/**
 * 'app.startup': the first screen's data from the same handlers as the separate channels, all in
 * parallel, in one round trip. Settings, servers and status must succeed (as their own channels
 * would have to); the search parts may fail, and the search screen then asks for them itself and
 * shows why they failed.
 */
export function createStartupHandler(
  handlers: StartupParts,
): Pick<HandlersFor<Channels>, 'app.startup'> {
  return {
    'app.startup': async (_input, ctx) => {
      const status = await handlers['app.status']({}, ctx)
      const serverId = status.activeServerId
      const [info, settings, servers, catalogue, state] = await Promise.all([
        handlers['app.info']({}, ctx),
        handlers['settings.get']({}, ctx),
        handlers['servers.list']({}, ctx),
        orNull(handlers['search.info']({ serverId }, ctx)),
        orNull(handlers['search.state.get']({ serverId }, ctx).then((value) => ({ value }))),
      ])
      return { info, status, settings, servers, search: { serverId, catalogue, state } }
    },
  }
}
