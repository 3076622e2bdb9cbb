import { join } from 'node:path'
import type { SandboxPort } from '../core/servers/local-sandbox'
import { startSandbox } from '../sandbox'

/**
 * The "Local sandbox" profile's server for the desktop app: in the main process, on a free
 * loopback port, limits on like a real NOMAD, its tokens and groups kept under the data folder.
 * Entries: NOMAD_DESKTOP_SANDBOX_ENTRIES (default 2000), like the web host's --sandbox-entries.
 */
export function createSandboxPort(dataDir: string): SandboxPort {
  const entries = Number(process.env.NOMAD_DESKTOP_SANDBOX_ENTRIES)
  return {
    async start() {
      const sandbox = await startSandbox({
        host: '127.0.0.1',
        port: 0,
        dataDir: join(dataDir, 'sandbox'),
        quiet: true,
        ...(Number.isInteger(entries) && entries > 0 ? { entries } : {}),
      })
      return { baseUrl: sandbox.baseUrl, close: () => sandbox.close() }
    },
  }
}
