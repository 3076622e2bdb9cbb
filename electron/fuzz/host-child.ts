import { createOfflineDispatcher } from '../core/api/test-support/offline-dispatcher'
import { createLogger } from '../core/logging'
import { makeTempDirs } from '../host/test-helpers'
import { startHost } from '../host/start-host'

/**
 * The web host as its own process for the IPC fuzz suite: a crash must show as an exit, as it
 * would for `npm run web`, not be absorbed by the test runner. No network (offline dispatcher);
 * prints the same URL line as the CLI; errors go to stderr so a failing run shows them.
 */
const dirs = makeTempDirs()
const host = await startHost({
  rendererDir: dirs.rendererDir,
  dataDir: dirs.dataDir,
  logger: createLogger({ name: 'host', level: 'error' }),
  dispatcher: createOfflineDispatcher(),
  recheck: { onlineMs: 0, failedMs: 0 },
})
process.stdout.write(`NOMAD Desktop (web mode): ${host.url}\n`)
const stop = () => {
  void host.close().finally(() => {
    dirs.cleanup()
    process.exit(0)
  })
}
process.once('SIGTERM', stop)
// The suite checks that memory comes back after a batch; a collection on request makes that
// check about retained memory rather than about when V8 happens to collect.
process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.())
process.once('SIGINT', stop)
