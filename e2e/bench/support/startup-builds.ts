/**
 * The two builds bench:startup compares: today's, built now, and the reference (commit
 * 076e8f6, before issue #19's work), built once into node_modules/.cache.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { cachePathOfLauncher } from '../../../electron/tools/code-cache'
import type { HostLaunch } from '../../fixtures/web-host'
import { startSandboxProcess } from '../browse-setup'
import { REPO_ROOT } from './report'

export const REFERENCE_COMMIT = '076e8f6'

export interface Build {
  name: 'current' | 'reference'
  rendererDir: string
  host: HostLaunch
  sandbox: HostLaunch
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`)
}

/** Today's build, built now; its host and sandbox run from built JavaScript. */
export function currentBuild(): Build {
  console.log('building the app (electron-vite build)…')
  run('npx', ['electron-vite', 'build'], REPO_ROOT)
  const node = (file: string) => ({ command: process.execPath, args: [file], cwd: REPO_ROOT })
  return {
    name: 'current',
    rendererDir: join(REPO_ROOT, 'out/renderer'),
    host: node(join(REPO_ROOT, 'out/node/host.js')),
    sandbox: node(join(REPO_ROOT, 'out/node/sandbox.js')),
  }
}

/**
 * The reference: commit 076e8f6 cloned and built once into node_modules/.cache (kept between
 * runs), sharing our node_modules; its host and sandbox run through tsx as they did then.
 */
export function referenceBuild(): Build {
  const dir = join(REPO_ROOT, `node_modules/.cache/nomad-bench/startup-${REFERENCE_COMMIT}`)
  if (!existsSync(join(dir, 'out/renderer/index.html'))) {
    console.log(`building the reference (${REFERENCE_COMMIT}) in ${dir}…`)
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    run('git', ['clone', '--quiet', '--shared', '--no-checkout', REPO_ROOT, dir], REPO_ROOT)
    run('git', ['checkout', '--quiet', REFERENCE_COMMIT], dir)
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
    run('npx', ['electron-vite', 'build'], dir)
  }
  const tsx = (file: string) => ({
    command: join(REPO_ROOT, 'node_modules/.bin/tsx'),
    args: [file],
    cwd: dir,
  })
  return {
    name: 'reference',
    rendererDir: join(dir, 'out/renderer'),
    host: tsx('electron/host/cli.ts'),
    sandbox: tsx('electron/sandbox/cli.ts'),
  }
}

/** The reference has no chunk manifest: its initial JavaScript is what index.html names. */
export function initialJsFromHtml(rendererDir: string) {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const files = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '')
  const sizes = files.map((file) => {
    const content = readFileSync(join(rendererDir, file))
    return { bytes: content.length, gzip: gzipSync(content, { level: 9 }).length }
  })
  return {
    bytes: sizes.reduce((total, size) => total + size.bytes, 0),
    gzip: sizes.reduce((total, size) => total + size.gzip, 0),
    files: files.length,
  }
}

/**
 * The first start of today's sandbox after the build, before it has a code cache
 * (electron/tools/code-cache.ts): deletes the cache, times start to ready, and keeps the
 * sandbox running until it has written the cache, as any `npm run sandbox` that runs for two
 * seconds does. The timed starts that follow then run as every start after the first.
 */
export async function firstSandboxStart(build: Build, args: string[]): Promise<number> {
  const cache = cachePathOfLauncher(build.sandbox.args[0] ?? '')
  rmSync(cache, { force: true })
  const started = performance.now()
  const sandbox = await startSandboxProcess(args, build.sandbox)
  const readyMs = performance.now() - started
  for (let waited = 0; !existsSync(cache) && waited < 15_000; waited += 100) await sleep(100)
  await sandbox.stop()
  if (!existsSync(cache)) throw new Error(`the sandbox wrote no code cache at ${cache}`)
  return readyMs
}
