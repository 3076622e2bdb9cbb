/**
 * The one options object for the settings file. Electron main passes it to electron-store
 * (which derives `cwd` from app.getPath('userData') and takes the file name as `name`), the web
 * host passes it to conf (which takes `configName` and an explicit `cwd`). Both write the same
 * `settings.json`, readable only by the user (0600). No JSON-Schema and no conf migrations: the
 * document is validated and migrated by our own zod schema (schema.ts, migrations.ts), which
 * conf's readme itself recommends over its migration feature.
 */
export const SETTINGS_FILE_NAME = 'settings'

export const settingsStoreOptions = {
  configFileMode: 0o600,
  // A syntax error must not silently wipe the user's server profiles; we surface it instead.
  clearInvalidConfig: false,
  // Keys are whole names ('settings'), never paths into the document.
  accessPropertiesByDotNotation: false,
  watch: false,
} as const

/** Options for conf (web host, tests). */
export function confOptions(cwd: string) {
  return { ...settingsStoreOptions, cwd, configName: SETTINGS_FILE_NAME }
}

/** Options for electron-store (Electron main); cwd is the Electron userData folder. */
export function electronStoreOptions(cwd: string) {
  return { ...settingsStoreOptions, cwd, name: SETTINGS_FILE_NAME }
}
