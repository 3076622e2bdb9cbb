import Conf from 'conf'
import { AppError } from '../../shared/errors'
import type { KeyValueStore } from '../core/settings/key-value'
import { confOptions } from '../core/settings/store-options'

/**
 * The web host's settings storage: conf with the same options Electron main gives
 * electron-store, so both modes read and write the same settings.json.
 */
export function createConfStore(dataDir: string): KeyValueStore & { path: string } {
  let conf: Conf<Record<string, unknown>>
  try {
    conf = new Conf<Record<string, unknown>>(confOptions(dataDir))
  } catch (error) {
    throw new AppError(
      'unavailable',
      `Could not read the settings file in ${dataDir}: ${error instanceof Error ? error.message : String(error)}. Fix or move the file, then start again.`,
    )
  }
  return {
    path: conf.path,
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  }
}
