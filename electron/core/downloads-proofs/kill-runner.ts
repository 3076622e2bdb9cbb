import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DownloadSourceKind } from '../../../shared/ipc/channels/downloads'
import { fileStore } from './file-store'
import { openHeadlessDownloads } from '../downloads/headless'
import { FINAL_STATES } from './proof-support'

/**
 * The kill test's child process: a headless core (the same createCore the web host runs) with
 * its data folder and settings on disk, so that a SIGKILLed run can be started again.
 *
 *   node --import tsx kill-runner.ts <dataDir> <baseUrl> <destination> <uploadId>
 *
 * The first run adds the server and starts a job downloading the upload, then writes
 * `runner.json` ({ serverId, jobId }) and prints `{"started":…}`; later runs only read it. Every
 * run then prints the job's summary as a JSON line every 50 ms until the job is final, and
 * exits 0. The parent kills it at random moments (kill.int.test.ts).
 */
const [dataDir, baseUrl, destination, uploadId] = process.argv.slice(2)
if (!dataDir || !baseUrl || !destination || !uploadId) {
  console.error('usage: kill-runner <dataDir> <baseUrl> <destination> <uploadId>')
  process.exit(2)
}

mkdirSync(dataDir, { recursive: true })

const core = await openHeadlessDownloads({
  dataDir,
  settingsStore: fileStore(join(dataDir, 'settings.json')),
  // Files of 4 MiB and more come over a connection of their own that reads into reused memory
  // (direct-transport.ts), so kills land in both transports.
  ports: { downloads: { ownConnectionBytes: 4 * 1024 * 1024 } },
})

const statePath = join(dataDir, 'runner.json')
let jobId: string
if (existsSync(statePath)) {
  jobId = (JSON.parse(readFileSync(statePath, 'utf8')) as { jobId: string }).jobId
} else {
  const serverId = await core.serverFor(baseUrl, 'Sandbox')
  const kind: DownloadSourceKind = 'upload'
  const started = await core.call('downloads.start', {
    serverId,
    source: { kind, uploadId },
    destination,
  })
  jobId = started.jobId
  writeFileSync(`${statePath}.tmp`, JSON.stringify({ serverId, jobId }))
  renameSync(`${statePath}.tmp`, statePath)
  console.log(JSON.stringify({ started: jobId }))
}

for (;;) {
  const job = (await core.call('downloads.list', {})).jobs.find((j) => j.id === jobId)
  console.log(JSON.stringify({ job: job ?? null }))
  if (!job || FINAL_STATES.has(job.state)) break
  await new Promise((resolve) => setTimeout(resolve, 50))
}
await core.close()
process.exit(0)
