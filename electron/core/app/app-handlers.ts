import type { AppMode, appChannels } from '../../../shared/ipc/channels/app'
import type { HandlersFor } from '../ipc/router'
import type { StatusTracker } from '../servers/status-tracker'

// 'app.startup' is assembled from every domain's handlers: ./startup-handler.ts.
export const APP_NAME = 'NOMAD Desktop'

export function createAppHandlers(
  info: { mode: AppMode; platform: string; appVersion: string },
  tracker: StatusTracker,
): Omit<HandlersFor<typeof appChannels>, 'app.startup'> {
  return {
    'app.info': () =>
      Promise.resolve({
        name: APP_NAME,
        version: info.appVersion,
        mode: info.mode,
        platform: info.platform,
      }),
    'app.status': () => Promise.resolve(tracker.snapshot()),
  }
}
