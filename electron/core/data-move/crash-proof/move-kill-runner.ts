import { join } from 'node:path'
import { fileStore } from '../../downloads-proofs/file-store'
import { startFolderCore } from '../testing/folder-core'

/**
 * The data-move kill test's child process: the real core on an app folder on disk, moving its
 * data to `target` and printing every progress event as a JSON line, so the parent
 * (move-kill.int.test.ts) can SIGKILL it at a chosen phase.
 *
 *   node move-kill-runner.mjs <appDir> <target>
 *
 * Exits 0 after the move, printing `{"phase":"finished"}` last.
 */
const [appDir, target] = process.argv.slice(2)
if (!appDir || !target) {
  console.error('usage: move-kill-runner <appDir> <target>')
  process.exit(2)
}
const env = startFolderCore({
  appDir,
  store: fileStore(join(appDir, 'settings.json')),
  onProgress: (progress) => console.log(JSON.stringify(progress)),
})
await env.call('offline.moveData', { target })
console.log(JSON.stringify({ phase: 'finished' }))
await env.core.dispose()
process.exit(0)
