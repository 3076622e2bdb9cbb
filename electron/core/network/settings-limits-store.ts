import type { Logger } from '../logging'
import { parseLearnedLimits, type LearnedLimits, type LimitsStore } from './scheduler'
import type { SettingsRepo } from '../settings/settings-repo'

// A handful of real servers and the Local sandbox (one stable key, see limitsKeyOf); the cap
// bounds what servers removed long ago, or keys of older versions (the sandbox's changing
// ports), can leave behind.
const MAX_KEYS = 24

/**
 * Learned limits in the settings document (`network.learnedLimits`, keyed by origin, or by a
 * stable key such as `sandbox:local-sandbox`). Values stay `unknown` on disk and are validated
 * per key when loaded, so one damaged entry costs that server a cold start instead of setting
 * the whole settings file aside.
 */
export function createSettingsLimitsStore(repo: SettingsRepo, logger?: Logger): LimitsStore {
  return {
    load(key) {
      return parseLearnedLimits(repo.read().network?.learnedLimits[key])
    },
    save(key, limits) {
      try {
        const doc = repo.read()
        const kept: [string, LearnedLimits][] = Object.entries(doc.network?.learnedLimits ?? {})
          .filter(([other]) => other !== key)
          .flatMap(([other, value]) => {
            const parsed = parseLearnedLimits(value)
            return parsed === undefined ? [] : [[other, parsed] as [string, LearnedLimits]]
          })
          .sort((a, b) => b[1].updatedAt - a[1].updatedAt)
          .slice(0, MAX_KEYS - 1)
        repo.write({
          ...doc,
          network: {
            ...doc.network,
            learnedLimits: Object.fromEntries([[key, limits], ...kept]),
          },
        })
      } catch (error) {
        // Losing learned limits costs a cold start, never a request: do not let it propagate
        // into the scheduler's timer.
        logger?.warn('could not save learned limits', { server: key, error })
      }
    },
  }
}
