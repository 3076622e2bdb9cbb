import { join } from 'node:path'
import type { SandboxPort } from '../core/servers/local-sandbox'
import { startSandbox } from '../sandbox'

export interface SandboxPortOptions {
  /** The app's data folder; the sandbox keeps its PATs, groups and uploads in `sandbox/` below. */
  dataDir: string
  /** Generated entries (default 2000; `--sandbox-entries`). */
  entries?: number
}

/**
 * The "Local sandbox" profile's server for web mode: in this process, on a free loopback port,
 * with the same limits as a real NOMAD (rate 30/s, 10 at a time) so the meter has something to
 * show and the app is exercised as it will be against the real server.
 */
export function createSandboxPort(options: SandboxPortOptions): SandboxPort {
  return {
    async start() {
      const sandbox = await startSandbox({
        host: '127.0.0.1',
        port: 0,
        dataDir: join(options.dataDir, 'sandbox'),
        quiet: true,
        ...(options.entries === undefined ? {} : { entries: options.entries }),
      })
      return { baseUrl: sandbox.baseUrl, close: () => sandbox.close() }
    },
  }
}
