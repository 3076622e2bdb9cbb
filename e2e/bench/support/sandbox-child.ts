import { fork, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { request } from 'undici'
import { sleep } from './stats'
import type {
  FaultOptions,
  SandboxLimits,
  SandboxOptions,
  SandboxStats,
} from '../../../electron/sandbox'

export type ChildCommand =
  | { id: number; type: 'setLimits'; patch: Partial<SandboxLimits> }
  | { id: number; type: 'setFaults'; patch: Partial<FaultOptions> }
  | { id: number; type: 'stats' | 'resetStats' | 'close' }

export interface ChildReply {
  id: number
  value: unknown
}

/** A sandbox running in its own Node process, controlled over IPC. */
export interface SandboxChild {
  baseUrl: string
  /** The sandbox process's id: its CPU time is read from /proc (the server's cost per GiB). */
  pid: number
  setLimits(patch: Partial<SandboxLimits>): Promise<void>
  setFaults(patch: Partial<FaultOptions>): Promise<void>
  stats(): Promise<SandboxStats>
  resetStats(): Promise<void>
  close(): Promise<void>
}

const ENTRY = resolve(import.meta.dirname, 'sandbox-process.ts')

/**
 * Forks `sandbox-process.ts` under tsx's loader. One per benchmark run, so every run starts
 * with an empty limiter (nginx's leaky bucket has no memory of the previous client).
 */
export function startSandboxChild(options: SandboxOptions = {}): Promise<SandboxChild> {
  const child: ChildProcess = fork(ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_SANDBOX_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map<number, (value: unknown) => void>()
  let nextId = 1
  child.on('message', (raw) => {
    const message = raw as ChildReply
    pending.get(message.id)?.(message.value)
    pending.delete(message.id)
  })
  const send = <T>(command: Omit<ChildCommand, 'id'>): Promise<T> =>
    new Promise((done) => {
      const id = nextId++
      pending.set(id, done as (value: unknown) => void)
      child.send({ ...command, id })
    })
  return new Promise((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the sandbox process exited with code ${code}`)))
    pending.set(0, (value) => {
      const { baseUrl } = value as { baseUrl: string }
      ready({
        baseUrl,
        pid: child.pid ?? -1,
        setLimits: (patch) => send({ type: 'setLimits', patch } as Omit<ChildCommand, 'id'>),
        setFaults: (patch) => send({ type: 'setFaults', patch } as Omit<ChildCommand, 'id'>),
        stats: () => send<SandboxStats>({ type: 'stats' }),
        resetStats: () => send({ type: 'resetStats' }),
        async close() {
          const exited = new Promise((done) => child.once('exit', done))
          await send({ type: 'close' })
          await exited
        },
      })
    })
  })
}

/**
 * Sends `count` requests to `path` at 10 per second, then lets the limiter drain and resets the
 * stats. A fresh Node server compiles its handlers on first use and stalls for tens of ms while
 * it does; a real NOMAD is warm, so every client meets a warm sandbox.
 */
export async function warmUp(sandbox: SandboxChild, paths: string[], count = 20): Promise<void> {
  for (let i = 0; i < count; i++) {
    const path = paths[i % paths.length] ?? '/info'
    const response = await request(`${sandbox.baseUrl}${path}`)
    await response.body.dump()
    await sleep(100)
  }
  await sleep(1000)
  await sandbox.resetStats()
}
