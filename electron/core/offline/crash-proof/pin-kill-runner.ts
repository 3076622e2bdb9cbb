import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { openHeadlessDownloads } from '../../downloads/headless'
import { fileStore } from '../../downloads-proofs/file-store'

/**
 * The offline crash test's child process: a headless core (the createCore the web host runs)
 * on a data folder on disk, so a SIGKILLed run can be started again.
 *
 *   node pin-kill-runner.mjs <dataDir> <baseUrl>
 *
 * Every run looks at the library: no pin yet → pin the sandbox's public entries with archive
 * summaries; a complete pin never synced → sync it; an interrupted pin or sync resumes by
 * itself when core opens. It prints the pin as a JSON line every 30 ms and exits 0 once the
 * pin is complete with a sync report (pin-kill.int.test.ts kills it before that, 10 times).
 */
const [dataDir, baseUrl] = process.argv.slice(2)
if (!dataDir || !baseUrl) {
  console.error('usage: pin-kill-runner <dataDir> <baseUrl>')
  process.exit(2)
}
mkdirSync(dataDir, { recursive: true })
const core = await openHeadlessDownloads({
  dataDir,
  settingsStore: fileStore(join(dataDir, 'settings.json')),
})
const serverId = await core.serverFor(baseUrl, 'Sandbox')
const first = (await core.call('offline.list', {})).pins[0]
if (first === undefined)
  await core.call('offline.pin', {
    serverId,
    source: { kind: 'search', query: {}, owner: 'public' },
    label: 'Crash test',
  })

for (;;) {
  const pin = (await core.call('offline.list', {})).pins[0]
  console.log(JSON.stringify({ pin: pin ?? null }))
  if (pin === undefined || pin.state === 'failed') break
  if (pin.state === 'complete' && pin.lastSync === undefined)
    await core.call('offline.sync', { pinId: pin.pinId })
  else if (pin.state === 'complete') break
  await new Promise((resolve) => setTimeout(resolve, 30))
}
await core.close()
process.exit(0)
