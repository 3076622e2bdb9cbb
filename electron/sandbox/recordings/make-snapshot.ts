/**
 * Rebuilds nomad-recordings.json.gz from a recordings folder (default: the team's reference copy
 * in ../shared/reference/nomad-recordings). Run after the reference recordings change:
 *   npx tsx electron/sandbox/recordings/make-snapshot.ts [folder]
 */
import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { REFERENCE_DIR, SNAPSHOT_PATH, readRecordingsFolder } from './snapshot'

const dir = process.argv[2] ?? REFERENCE_DIR
const files = readRecordingsFolder(dir)
const bundle = {
  source: 'NOMAD gui/tests/data (Apache-2.0), recorded from a NOMAD 1.3.x development server',
  files: Object.fromEntries(files.map(({ file, content }) => [file, content])),
}
writeFileSync(SNAPSHOT_PATH, gzipSync(JSON.stringify(bundle), { level: 9 }))
console.log(`${files.length} recorded files from ${dir} → ${SNAPSHOT_PATH}`)
