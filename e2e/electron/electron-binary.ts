import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { REPO_ROOT } from '../fixtures/web-host'

/**
 * Where the Electron binary would be. The electron npm package (>= 42) downloads it lazily and
 * records it in path.txt; on machines that cannot reach GitHub it is never there.
 */
export function electronBinaryPath(): string | null {
  const dir = resolve(REPO_ROOT, 'node_modules/electron')
  const pathFile = resolve(dir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  // Same rule as electron/tools/launch-electron.mjs (and the electron package itself).
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const candidate = override
    ? resolve(override, relative ?? 'electron')
    : relative
      ? resolve(dir, 'dist', relative)
      : null
  return candidate && existsSync(candidate) ? candidate : null
}
