// `npm start`: builds the app and runs it in Electron. The electron npm package (>= 42) fetches
// its binary from GitHub on first use; where that never happened (machines without access to
// github.com, such as our build and CI machines) we stop with a clear message instead of the
// package's own download attempt and stack trace, and point at web mode, which needs no binary.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/** The Electron executable if it is present, else null (never triggers a download). */
function findElectron() {
  const dir = join(root, 'node_modules', 'electron')
  const pathFile = join(dir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const candidate = override
    ? join(override, relative ?? 'electron')
    : relative
      ? join(dir, 'dist', relative)
      : null
  return candidate && existsSync(candidate) ? candidate : null
}

const electron = findElectron()
if (!electron) {
  console.error(
    [
      'NOMAD Desktop: the Electron binary is not installed on this machine, so the desktop window cannot open.',
      '',
      '  Run the same app in your browser instead:   npm run web',
      '',
      'To get the desktop window, install Electron where github.com is reachable',
      '(npx install-electron), or point ELECTRON_OVERRIDE_DIST_PATH at an unpacked Electron 45.',
    ].join('\n'),
  )
  process.exit(1)
}

const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' })
if (build.status !== 0) {
  console.error('NOMAD Desktop: the build failed (see above); not starting Electron.')
  process.exit(build.status ?? 1)
}

const child = spawn(electron, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' })
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
