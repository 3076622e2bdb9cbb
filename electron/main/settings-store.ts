import Store from 'electron-store'
import type { KeyValueStore } from '../core/settings/key-value'
import { electronStoreOptions } from '../core/settings/store-options'

/** Electron's settings storage: electron-store with the options the web host gives conf. */
export function createElectronSettingsStore(userDataDir: string): KeyValueStore {
  const store = new Store<Record<string, unknown>>(electronStoreOptions(userDataDir))
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  }
}
