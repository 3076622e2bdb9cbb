import { AppError } from '../../../shared/errors'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'

/** Id of the built-in "Local sandbox" profile. */
export const SANDBOX_SERVER_ID = 'local-sandbox'

/** Shown as the sandbox's address until it runs (it gets a free port on first use). */
export const SANDBOX_PLACEHOLDER_URL = 'http://127.0.0.1:…/api/v1'

/**
 * Starts the local sandbox server. Provided by electron/main and electron/host, which import
 * electron/sandbox; core only knows this port, so it stays free of the sandbox's dependencies.
 */
export interface SandboxPort {
  start(): Promise<{ baseUrl: string; close(): Promise<void> }>
}

export type SandboxState = 'stopped' | 'starting' | 'running' | 'failed'

/** The built-in profile; its address is the running sandbox's once it has started. */
export function sandboxProfile(baseUrl: string | undefined): ServerProfile {
  return {
    id: SANDBOX_SERVER_ID,
    name: 'Local sandbox',
    baseUrl: baseUrl ?? SANDBOX_PLACEHOLDER_URL,
    note: 'An offline demo server with generated data, started on this computer when you select it. Its tokens and groups are kept between starts. It limits requests like a real NOMAD server.',
    kind: 'sandbox',
    builtIn: true,
  }
}

/** Starts the sandbox once, on first use; a failed start can be tried again. */
export class LocalSandbox {
  private running: { baseUrl: string; close(): Promise<void> } | undefined
  private starting: Promise<string> | undefined
  private failed = false
  private closed = false

  constructor(
    private readonly port: SandboxPort,
    /** Told when the address or state changed (core re-announces the profile list). */
    private readonly onChange: () => void,
  ) {}

  state(): SandboxState {
    if (this.running !== undefined) return 'running'
    if (this.starting !== undefined) return 'starting'
    return this.failed ? 'failed' : 'stopped'
  }

  baseUrl(): string | undefined {
    return this.running?.baseUrl
  }

  /** The running sandbox's API root, starting it if needed. */
  ensureStarted(): Promise<string> {
    if (this.closed)
      return Promise.reject(new AppError('unavailable', 'The local sandbox was shut down.'))
    if (this.running !== undefined) return Promise.resolve(this.running.baseUrl)
    this.starting ??= this.start()
    return this.starting
  }

  async close(): Promise<void> {
    this.closed = true
    const pending = this.starting
    if (pending !== undefined) await pending.catch(() => undefined)
    const running = this.running
    this.running = undefined
    if (running !== undefined) await running.close()
  }

  private async start(): Promise<string> {
    try {
      const started = await this.port.start()
      if (this.closed) {
        await started.close()
        throw new AppError('unavailable', 'The local sandbox was shut down.')
      }
      this.running = started
      this.failed = false
      return started.baseUrl
    } catch (error) {
      this.failed = true
      if (error instanceof AppError) throw error
      const reason = error instanceof Error ? error.message : String(error)
      throw new AppError('unavailable', `The local sandbox could not start: ${reason}`)
    } finally {
      this.starting = undefined
      this.onChange()
    }
  }
}
