import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'

/**
 * Runs kill-runner.ts as a child process. It is bundled once with esbuild (a dependency of tsx
 * and vite) because tsx would compile the core again at each of the 21 starts (~1.5 s each
 * against ~0.5 s bundled), which would double the test's time.
 */
const here = dirname(fileURLToPath(import.meta.url))
const repo = resolve(here, '../../..')

/** Bundles a child-process script (kill-runner.ts unless told) and returns the bundle's path. */
export function bundleRunner(entry = join(here, 'kill-runner.ts')): string {
  const name = entry.slice(entry.lastIndexOf('/') + 1).replace(/\.ts$/, '.mjs')
  const out = join(repo, 'node_modules/.cache/nomad-proofs', name)
  mkdirSync(dirname(out), { recursive: true })
  const built = spawnSync(
    join(repo, 'node_modules/.bin/esbuild'),
    [
      entry,
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      '--log-level=error',
      `--outfile=${out}`,
    ],
    { encoding: 'utf8' },
  )
  if (built.status !== 0) throw new Error(`bundling kill-runner failed: ${built.stderr}`)
  return out
}

export interface RunnerRun {
  child: ChildProcess
  /** The latest job summary the child printed (undefined before the first). */
  job(): JobSummary | undefined
  /** Resolves on the first summary line (the core is up and the job is known). */
  ready: Promise<void>
  /** Resolves with the exit code, or the signal's name. */
  exited: Promise<number | string>
  stderr(): string
  /** Called with each summary as it arrives. */
  onJob(listener: (job: JobSummary) => void): void
}

export function startRunner(bundle: string, args: string[]): RunnerRun {
  const child = spawn(process.execPath, [bundle, ...args], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let last: JobSummary | undefined
  let errors = ''
  const listeners: ((job: JobSummary) => void)[] = []
  let markReady: () => void = () => undefined
  const ready = new Promise<void>((resolveReady) => (markReady = resolveReady))
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      let parsed: { job?: JobSummary | null }
      try {
        parsed = JSON.parse(line) as { job?: JobSummary | null }
      } catch {
        return
      }
      if (!parsed.job) return
      last = parsed.job
      markReady()
      for (const listener of listeners) listener(parsed.job)
    })
  }
  const exited = new Promise<number | string>((resolveExit) =>
    child.on('exit', (code, signal) => {
      markReady()
      resolveExit(code ?? signal ?? 'unknown')
    }),
  )
  return {
    child,
    job: () => last,
    ready,
    exited,
    stderr: () => errors,
    onJob: (listener) => listeners.push(listener),
  }
}
