import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract'
import { contract } from '../../../shared/ipc/contract'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { createCore, type Core } from '../create-core'
import { createRouter } from '../ipc/router'
import { createLogger, createMemorySink, type Logger } from '../logging'
import type { CorePorts } from '../ports'
import type { KeyValueStore } from '../settings/key-value'

export interface HeadlessOptions {
  /** The app's data folder: the journal (app.lmdb) lives here; reuse it to resume jobs. */
  dataDir: string
  /** Where server profiles persist (the web host's createConfStore(dataDir) keeps them on disk). */
  settingsStore: KeyValueStore
  logger?: Logger
  /** Anything else of CorePorts: scheduler timeouts, download tunables (free-space probe…). */
  ports?: Partial<CorePorts>
}

export interface HeadlessDownloads {
  core: Core
  /** Any channel of the contract, inputs and outputs checked as over IPC. */
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>
  /** The id of the profile at `baseUrl`, added when there is none. */
  serverFor(baseUrl: string, name?: string): Promise<string>
  /** Resolves once the job is done, failed or cancelled. */
  finished(jobId: string, pollMs?: number): Promise<JobSummary>
  close(): Promise<void>
}

/**
 * The download manager without Electron or a window: core (with the journal, the schedulers and
 * the sandbox-free API client) behind its router, for scripts, the kill test and benchmarks.
 * Opening it on a data folder with unfinished jobs resumes them at once. docs/downloads.md has
 * a worked example.
 */
export async function openHeadlessDownloads(options: HeadlessOptions): Promise<HeadlessDownloads> {
  const core = createCore({
    mode: 'web',
    platform: process.platform,
    appVersion: '0.0.0-headless',
    dataDir: options.dataDir,
    settingsStore: options.settingsStore,
    events: { emit: () => undefined },
    logger: options.logger ?? createLogger({ sink: createMemorySink() }),
    recheck: { onlineMs: 0, failedMs: 0 },
    ...options.ports,
  })
  const router = createRouter(contract, core.handlers, { validateOutputs: true })
  async function call<C extends ChannelName>(
    channel: C,
    input: ChannelInput<C>,
  ): Promise<ChannelOutput<C>> {
    const result = await router.call(channel, input, {
      signal: new AbortController().signal,
      sender: 'headless',
    })
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value as ChannelOutput<C>
  }
  // The manager opens with core; waiting for one answer means unfinished jobs are resuming.
  await call('downloads.list', {})
  return {
    core,
    call,
    async serverFor(baseUrl, name = 'Headless server') {
      const { servers } = await call('servers.list', {})
      const found = servers.find(
        (server) => server.baseUrl.replace(/\/+$/, '') === baseUrl.replace(/\/+$/, ''),
      )
      return found?.id ?? (await call('servers.add', { name, baseUrl })).id
    },
    async finished(jobId, pollMs = 100) {
      for (;;) {
        const job = (await call('downloads.list', {})).jobs.find((j) => j.id === jobId)
        if (job === undefined) throw new Error(`There is no download job ${jobId}.`)
        if (job.state === 'done' || job.state === 'failed' || job.state === 'cancelled') return job
        await new Promise((resolve) => setTimeout(resolve, pollMs))
      }
    },
    close: () => core.dispose(),
  }
}
