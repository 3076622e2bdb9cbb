import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'

const REPO_ROOT = resolve(import.meta.dirname, '../..')
const URL_LINE = /^NOMAD Desktop \(web mode\): (http:\/\/127\.0\.0\.1:(\d+))\/\?token=(\S+)$/

export interface HostProcess {
  port: number
  origin: string
  token: string
  pid: number
  /** Null while it runs; the exit code or signal once it has died. */
  exit(): string | null
  /** The last 4 KB of stderr, to explain a death. */
  stderrTail(): string
  /** Resident set size in bytes (Linux /proc), or 0 where unknown. */
  rss(): number
  /** Asks the host to run a garbage collection (it listens for SIGUSR2). */
  collect(): void
  stop(): Promise<void>
}

/** Starts electron/fuzz/host-child.ts and waits for its URL line. */
export function startHostProcess(): Promise<HostProcess> {
  // node --import tsx rather than the tsx CLI: one process, so its pid is the host's (RSS).
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'electron/fuzz/host-child.ts'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stderr = ''
  let exit: string | null = null
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4096)))
  const exited = new Promise<void>((done) =>
    child.once('exit', (code, signal) => {
      exit = `exit code ${code ?? 'none'}, signal ${signal ?? 'none'}`
      done()
    }),
  )
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the host did not start within 30 s.\n${stderr}`))
    }, 30_000)
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`the host exited early (${exit}).\n${stderr}`))
    })
    if (!child.stdout) throw new Error('no stdout')
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = URL_LINE.exec(line)
      if (!match) return
      clearTimeout(timer)
      resolveStart({
        port: Number(match[2]),
        origin: match[1] ?? '',
        token: match[3] ?? '',
        pid: child.pid ?? 0,
        exit: () => exit,
        stderrTail: () => stderr,
        rss() {
          try {
            const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
            const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
            return kb ? Number(kb) * 1024 : 0
          } catch {
            return 0
          }
        },
        collect() {
          if (exit === null) child.kill('SIGUSR2')
        },
        async stop() {
          if (exit === null) child.kill('SIGTERM')
          await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))])
          if (exit === null) child.kill('SIGKILL')
        },
      })
    })
  })
}
