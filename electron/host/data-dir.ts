import { homedir } from 'node:os'
import { posix, win32 } from 'node:path'
import { APP_NAME } from '../core/app/app-handlers'

/**
 * The default data folder, the same one Electron's app.getPath('userData') uses for the product
 * name, so web mode and the desktop app share settings: $XDG_CONFIG_HOME (or ~/.config) on
 * Linux, ~/Library/Application Support on macOS, %APPDATA% on Windows.
 */
export function defaultDataDir(
  platform: string = process.platform,
  env: Record<string, string | undefined> = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32')
    return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), APP_NAME)
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_NAME)
  return posix.join(env.XDG_CONFIG_HOME || posix.join(home, '.config'), APP_NAME)
}
