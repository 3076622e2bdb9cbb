import type { Logger } from '../logging'
import { parseLearnedLimits, type LearnedLimits, type LimitsStore } from '../net'
import type { SettingsRepo } from '../settings/settings-repo'

// The sandbox gets a new port on every start, so origins accumulate; the most recent ones are
// all that is worth keeping (a handful of real servers, the current sandbox).
const MAX_ORIGINS = 24

/**
 * Learned limits in the settings document (`network.learnedLimits`, keyed by origin). Values
 * stay `unknown` on disk and are validated per origin when loaded, so one damaged entry costs
 * that server a cold start instead of setting the whole settings file aside.
 */
export function createSettingsLimitsStore(repo: SettingsRepo, logger?: Logger): LimitsStore {
  return {
    load(origin) {
      return parseLearnedLimits(repo.read().network?.learnedLimits[origin])
    },
    save(origin, limits) {
      try {
        const doc = repo.read()
        const kept: [string, LearnedLimits][] = Object.entries(doc.network?.learnedLimits ?? {})
          .filter(([key]) => key !== origin)
          .flatMap(([key, value]) => {
            const parsed = parseLearnedLimits(value)
            return parsed === undefined ? [] : [[key, parsed] as [string, LearnedLimits]]
          })
          .sort((a, b) => b[1].updatedAt - a[1].updatedAt)
          .slice(0, MAX_ORIGINS - 1)
        repo.write({
          ...doc,
          network: {
            ...doc.network,
            learnedLimits: Object.fromEntries([[origin, limits], ...kept]),
          },
        })
      } catch (error) {
        // Losing learned limits costs a cold start, never a request: do not let it propagate
        // into the scheduler's timer.
        logger?.warn('could not save learned limits', { origin, error })
      }
    },
  }
}
