/**
 * What the browse benchmark runs against: the sandbox CLI (`npm run sandbox`) in its own
 * process, so its work never shares an event loop with the client being measured, and the
 * small report helpers.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createInterface } from 'node:readline'

export const REPO_ROOT = resolve(import.meta.dirname, '../..')

export interface SandboxProcess {
  baseUrl: string
  stop(): Promise<void>
}

/** The built sandbox CLI (electron/tools/node-entries.ts), what `npm run sandbox` runs. */
export const BUILT_SANDBOX = resolve(REPO_ROOT, 'out/node/sandbox.js')

/**
 * Starts the built sandbox CLI on a free port and waits for the API line of its banner.
 * `launch` starts another build instead (the start-up bench's reference).
 */
export function startSandboxProcess(
  args: string[],
  launch = { command: process.execPath, args: [BUILT_SANDBOX], cwd: REPO_ROOT },
): Promise<SandboxProcess> {
  if (launch.args[0] === BUILT_SANDBOX && !existsSync(BUILT_SANDBOX))
    return Promise.reject(new Error(`${BUILT_SANDBOX} is missing: run \`npm run build\` first.`))
  const child = spawn(launch.command, [...launch.args, '--port', '0', ...args], {
    cwd: launch.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      fail(new Error(`the sandbox did not start within 120 s.\n${stderr}`))
    }, 120_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`the sandbox exited early with code ${code}.\n${stderr}`))
    })
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^\s+API\s+(http:\/\/\S+)$/.exec(line)
      if (!match?.[1]) return
      clearTimeout(timer)
      ready({
        baseUrl: match[1],
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM')
          await exited
        },
      })
    })
  })
}

/** Writes a file below the repository root, creating folders. */
export function writeReport(relativePath: string, content: string): void {
  const path = resolve(REPO_ROOT, relativePath)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
