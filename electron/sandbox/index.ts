import { randomBytes } from 'node:crypto'
import type { SandboxLimits } from './context'
import { DEMO_ACCOUNTS, type DemoAccount } from './data/users'
import { FaultDice } from './faults/fault-plan'
import {
  DEFAULT_ENTRIES,
  DEFAULT_FAULTS,
  DEFAULT_LARGE_FILE_BYTES,
  DEFAULT_LIMITS,
  DEFAULT_SEED,
  type FaultOptions,
  type SandboxOptions,
  type SandboxStats,
} from './options'
import { buildApp } from './server/build-app'
import { banner } from './server/banner'
import { createFront } from './server/front'
import type { RouteInfo } from './server/route-table'
import { SandboxState } from './state/sandbox-state'
import { StatsCollector } from './stats/stats'

/**
 * The local sandbox: a NOMAD v1 API with generated demo data, limits and fault injection, in
 * this process. Used by `npm run sandbox`, the "Local sandbox" server profile, and every
 * integration test, e2e spec and benchmark.
 */

export { DEFAULT_FAULTS, DEFAULT_LIMITS }
export type { FaultOptions, SandboxLimits, SandboxOptions, SandboxStats }
export type { DemoAccount, RouteInfo }

export interface Sandbox {
  /** e.g. http://127.0.0.1:41234/api/v1 */
  baseUrl: string
  port: number
  limits(): SandboxLimits
  setLimits(patch: Partial<SandboxLimits>): void
  faults(): FaultOptions
  setFaults(patch: Partial<FaultOptions>): void
  stats(): SandboxStats
  resetStats(): void
  demoUsers: ReadonlyArray<DemoAccount>
  /** The route table (method, URL pattern, body schema), e.g. for the fuzz suite. */
  routes(): readonly RouteInfo[]
  /** Number of generated entries and uploads. */
  size: { entries: number; uploads: number }
  close(): Promise<void>
}

function normaliseBasePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '')
  if (trimmed === '') return ''
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const now = options.now ?? Date.now
  const host = options.host ?? '127.0.0.1'
  const basePath = normaliseBasePath(options.basePath ?? '/api/v1')
  let limits: SandboxLimits = { ...DEFAULT_LIMITS, ...options.limits }
  let faults: FaultOptions = { ...DEFAULT_FAULTS, ...options.faults }
  const state = new SandboxState({
    entries: options.entries ?? DEFAULT_ENTRIES,
    seed: options.seed ?? DEFAULT_SEED,
    largeFileBytes: options.largeFileBytes ?? DEFAULT_LARGE_FILE_BYTES,
    ...(options.fixtures ? { fixtures: options.fixtures } : {}),
    ...(options.uploads === undefined ? {} : { uploads: options.uploads }),
    ...(options.revised === true ? { revised: true } : {}),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    onPersistError: (error) => {
      if (!options.quiet) console.warn('sandbox: could not persist state:', error)
    },
  })
  // Random per start; with --data-dir it is kept so that issued tokens survive a restart.
  const tokenSecret = randomBytes(32)
  state.registerPersistent('token-secret', {
    toJSON: () => tokenSecret.toString('hex'),
    load: (json) => {
      if (typeof json === 'string' && /^[0-9a-f]{64}$/.test(json))
        Buffer.from(json, 'hex').copy(tokenSecret)
    },
  })
  const ctx = { state, limits: () => limits, now, tokenSecret, basePath }
  const stats = new StatsCollector(now)
  const dice = new FaultDice(faults.seed)
  const front = createFront({
    limits: () => limits,
    faults: () => faults,
    basePath,
    stats,
    dice,
    now,
  })
  const { app, routes } = await buildApp(ctx, front.handler)
  await app.listen({ host, port: options.port ?? 0 })
  state.persist()
  const stopDerivingIds = state.data.deriveIdsInBackground()
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
  const urlHost = host.includes(':') ? `[${host}]` : host
  const baseUrl = `http://${urlHost}:${port}${basePath}`
  if (!options.quiet)
    console.log(
      banner({
        baseUrl,
        dataDir: options.dataDir,
        limits,
        faults,
        entries: state.data.size,
        uploads: state.data.uploads.length,
      }),
    )

  return {
    baseUrl,
    port,
    limits: () => ({ ...limits }),
    setLimits: (patch) => {
      limits = { ...limits, ...patch }
    },
    faults: () => ({ ...faults }),
    setFaults: (patch) => {
      faults = { ...faults, ...patch }
      if (patch.seed !== undefined) dice.reseed(patch.seed)
    },
    stats: () => stats.snapshot(front.inFlight()),
    resetStats: () => stats.reset(),
    demoUsers: DEMO_ACCOUNTS,
    routes: () => routes,
    size: { entries: state.data.size, uploads: state.data.uploads.length },
    close: async () => {
      stopDerivingIds()
      state.flush()
      app.server.closeAllConnections()
      await app.close()
    },
  }
}
