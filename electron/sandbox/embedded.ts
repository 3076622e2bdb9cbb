import { join } from 'node:path'

export interface EmbeddedSandboxOptions {
  /** The app's data folder; the sandbox keeps its PATs, groups and uploads in `sandbox/` below. */
  dataDir: string
  /** Generated entries (default 2000): the web host's --sandbox-entries, Electron's env var. */
  entries?: number
}

/**
 * Starts the sandbox on demand. Structurally core's SandboxPort (core/servers/local-sandbox.ts):
 * declared here so that the sandbox and core need not import each other; main and the web host
 * hand it to core.
 */
export interface EmbeddedSandbox {
  start(): Promise<{ baseUrl: string; close(): Promise<void> }>
}

/**
 * The "Local sandbox" profile's server, for the desktop app and web mode alike: in this
 * process, on a free loopback port, with the same limits as a real NOMAD (rate 30/s, 10 at a
 * time) so the meter has something to show and the app is exercised as it will be against the
 * real server.
 */
export function createEmbeddedSandbox(options: EmbeddedSandboxOptions): EmbeddedSandbox {
  return {
    async start() {
      // Loaded when first started: fastify, its schemas and the generated corpus are most of
      // what the web host would otherwise load before printing its URL (issue #19).
      const { startSandbox } = await import('./index')
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
