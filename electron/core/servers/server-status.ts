import { AppError } from '../../../shared/errors'
import type { CoreServices } from '../services'
import type { LocalSandbox } from './local-sandbox'
import { probeServer } from './probe'
import {
  createStatusTracker,
  type StatusTracker,
  type StatusTrackerOptions,
} from './status-tracker'

export interface ServerStatusOptions {
  /** The Local sandbox's launcher, when the host offers one: its start shows as "Starting…". */
  sandbox: LocalSandbox | undefined
  /** Re-check intervals for the active server; tests turn them off with 0. */
  recheck: StatusTrackerOptions['recheck']
}

/**
 * The servers' status ('app.status'): probes through each server's API client, so through its
 * scheduler; a probe that cannot start (sandbox failed, unusable address) is an error status.
 */
export function createServerStatus(
  services: CoreServices,
  options: ServerStatusOptions,
): StatusTracker {
  const { sandbox } = options
  return createStatusTracker({
    profiles: () => services.profiles.list(),
    probe: async (profile, signal) => {
      try {
        return await probeServer(await services.api.clientFor(profile.id), { signal })
      } catch (error) {
        // The sandbox failed to start, or the profile's address is unusable.
        if (error instanceof AppError && !signal.aborted)
          return { state: 'error', message: error.message }
        throw error
      }
    },
    checkingMessage: (profile) =>
      profile.kind === 'sandbox' && sandbox?.state() !== 'running'
        ? 'Starting the local sandbox…'
        : undefined,
    publish: (status) => services.events.emit('app.status', status),
    now: services.now,
    ...(options.recheck === undefined ? {} : { recheck: options.recheck }),
    logger: services.logger.child('servers'),
    manualOffline: (profileId) => services.offlineMode.manualSince(profileId),
  })
}
