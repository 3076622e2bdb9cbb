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
  if (!existsSync(pathFile)) return null
  const binary = resolve(dir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}
