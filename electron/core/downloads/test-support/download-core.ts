import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EventName, EventPayload } from '../../../../shared/ipc/contract'
import type { Sandbox, SandboxOptions } from '../../../sandbox'
import { testSandbox } from '../../../sandbox/testing/harness'
import type { Core } from '../../create-core'
import type { CorePorts } from '../../ports'
import { createMemoryStore } from '../../settings/key-value'
import { openHeadlessDownloads, type HeadlessDownloads } from '../headless'

export interface DownloadCore {
  sandbox: Sandbox
  core: Core
  serverId: string
  dataDir: string
  events: { name: EventName; payload: unknown }[]
  call: HeadlessDownloads['call']
  /** Closes core (as at app exit) and opens a new one on the same data folder and settings. */
  restart(): Promise<void>
  close(): Promise<void>
}

/**
 * The headless download core (with contract checks on) and the sandbox as its server, plus what
 * download tests need: port overrides (scheduler timeouts, download tunables), the events it
 * sent, and a restart on the same data folder.
 */
export async function startDownloadCore(
  options: { sandbox?: SandboxOptions; ports?: Partial<CorePorts> } = {},
): Promise<DownloadCore> {
  // Without the file-browser showcase (5 000 frames beside one mainfile, a big text file), so
  // that jobs over the first entries or uploads stay the size the tests expect.
  const sandbox = await testSandbox({
    ...options.sandbox,
    fixtures: { showcase: false, ...options.sandbox?.fixtures },
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'nomad-dl-core-'))
  const settingsStore = createMemoryStore()
  const events: { name: EventName; payload: unknown }[] = []
  const open = () =>
    openHeadlessDownloads({
      dataDir,
      settingsStore,
      ports: {
        devChecks: true,
        events: {
          emit<E extends EventName>(name: E, payload: EventPayload<E>) {
            events.push({ name, payload })
          },
        },
        ...options.ports,
      },
    })
  let headless = await open()
  const env: DownloadCore = {
    sandbox,
    core: headless.core,
    serverId: await headless.serverFor(sandbox.baseUrl, 'Sandbox'),
    dataDir,
    events,
    call: (channel, input) => headless.call(channel, input),
    async restart() {
      await headless.close()
      headless = await open()
      env.core = headless.core
    },
    async close() {
      await headless.close()
      await sandbox.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return env
}
