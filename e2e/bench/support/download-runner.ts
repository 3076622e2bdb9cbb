/**
 * Child process of the download benchmark: the real core (as the web host runs it) downloads
 * one job and reports, as JSON lines on stdout, how long it took, its own RSS before and at
 * its peak (sampled every 100 ms), and the latency of interactive calls made through the same
 * core while idle and while the job runs. Options arrive as JSON in BENCH_DOWNLOAD_OPTIONS.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import type { EventName } from '../../../shared/ipc/contract'
import type { DownloadSource, JobSummary } from '../../../shared/ipc/channels/downloads'
import { openHeadlessDownloads } from '../../../electron/core/downloads/headless'
import { createMemoryStore } from '../../../electron/core/settings/key-value'

export interface DownloadRunOptions {
  dataDir: string
  baseUrl: string
  destination: string
  source: DownloadSource
  /** Interactive probes (rawFiles.list of this upload's root): idle count and the interval during the job. */
  probe?: { uploadId: string; idle: number; everyMs: number }
}

export interface DownloadRunResult {
  ms: number
  job: JobSummary | undefined
  rssBefore: number
  rssPeak: number
  idleMs: number[]
  busyMs: number[]
  probeFailures: number
  /** CPU time (user + system) the core process spent during the job: load-independent cost. */
  cpuMs: number
  /** CPU time of the main thread and of the others (Linux only): which carries the cost. */
  threadCpuMs: Record<string, number>
}

/** utime + stime of the main thread and of all the others (libuv's pool, V8's), in ms (Linux). */
function threadCpu(): Record<string, number> {
  const byName: Record<string, number> = {}
  try {
    for (const task of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
      // Node's threads are all called "node": the main thread is the one whose id is the pid's.
      const name = Number(task) === process.pid ? 'main' : 'other threads'
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ticks = Number(fields[11]) + Number(fields[12])
      byName[name] = (byName[name] ?? 0) + ticks * 10
    }
  } catch {
    // Not Linux: no per-thread figures.
  }
  return byName
}

const options = JSON.parse(process.env.BENCH_DOWNLOAD_OPTIONS ?? '{}') as DownloadRunOptions
mkdirSync(options.dataDir, { recursive: true })
mkdirSync(options.destination, { recursive: true })

let finishedAt = 0
let finishedJob: JobSummary | undefined
const core = await openHeadlessDownloads({
  dataDir: options.dataDir,
  settingsStore: createMemoryStore(),
  ports: {
    events: {
      emit: (event: EventName, payload: unknown) => {
        if (event !== 'downloads.finished') return
        finishedAt = performance.now()
        finishedJob = payload as JobSummary
      },
    },
  },
})

const serverId = await core.serverFor(options.baseUrl, 'Bench sandbox')
let probeFailures = 0
async function probe(k: number): Promise<number> {
  const started = performance.now()
  try {
    await core.call('rawFiles.list', {
      serverId,
      uploadId: options.probe?.uploadId ?? '',
      path: '',
      // A different page size each time, so that no cache answers for the server.
      pageSize: 1 + (k % 100),
    })
  } catch {
    probeFailures += 1
  }
  return performance.now() - started
}

const idleMs: number[] = []
for (let k = 0; k < (options.probe?.idle ?? 0); k++) {
  idleMs.push(await probe(k))
  await new Promise((resolve) => setTimeout(resolve, 100))
}

globalThis.gc?.()
const rssBefore = process.memoryUsage().rss
let rssPeak = rssBefore
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
}, 100)

const started = performance.now()
const cpuBefore = process.cpuUsage()
const threadsBefore = threadCpu()
const { jobId } = await core.call('downloads.start', {
  serverId,
  source: options.source,
  destination: options.destination,
})
const busyMs: number[] = []
let k = 1000
while (!finishedJob) {
  if (options.probe) {
    busyMs.push(await probe(k++))
    await new Promise((resolve) => setTimeout(resolve, options.probe?.everyMs ?? 200))
  } else await new Promise((resolve) => setTimeout(resolve, 50))
}
clearInterval(sampler)
const cpu = process.cpuUsage(cpuBefore)
const threadCpuMs = Object.fromEntries(
  Object.entries(threadCpu()).map(([name, ms]) => [name, ms - (threadsBefore[name] ?? 0)]),
)
const job = finishedJob ?? (await core.call('downloads.list', {})).jobs.find((j) => j.id === jobId)
const result: DownloadRunResult = {
  ms: finishedAt - started,
  job,
  rssBefore,
  rssPeak,
  idleMs,
  busyMs,
  probeFailures,
  cpuMs: (cpu.user + cpu.system) / 1000,
  threadCpuMs,
}
console.log(JSON.stringify({ result }))
await core.close()
process.exit(0)
