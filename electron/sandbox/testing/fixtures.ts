import { fixtureUploads } from '../data/fixture-uploads'
import { rawFileBytes } from '../raw/content'
import { fixtureFiles } from '../raw/fixture-files'

/**
 * The download-test fixtures for tests outside the sandbox (start them with
 * `testSandbox({ fixtures: { hostileNames: true, bigFileBytes: … } })`).
 */
export {
  BIG_FILE_NAME,
  BIG_FILE_UPLOAD_ID,
  HOSTILE_UPLOAD_ID,
  type FixtureOptions,
} from '../data/fixture-uploads'
export { HOSTILE_NAMES, HOSTILE_UPLOAD_NORMAL_FILES } from '../raw/fixture-files'
export { bigFileChunks, bigFileSha256 } from '../raw/big-file'
/**
 * Archive-viewer fixtures: `testSandbox({ fixtures: { bigArchiveBytes, elnEntries,
 * recordedArchives, longTrajectorySteps } })`.
 */
export { BIG_ARCHIVE_ENTRY_ID, BIG_ARCHIVE_UPLOAD_ID } from '../data/big-archive'
export { LONG_TRAJECTORY_ENTRY_ID, LONG_TRAJECTORY_UPLOAD_ID } from '../data/long-trajectory'
export { ELN_UPLOAD_ID } from '../data/eln-entries'
export { recordedEntries } from '../data/recorded-archives'

/** Every file of the hostile-names upload with the bytes the sandbox serves for it. */
export function hostileUploadFiles(hostileFileBytes?: number): { path: string; bytes: Buffer }[] {
  const options = hostileFileBytes ? { hostileFileBytes } : {}
  const upload = fixtureUploads({ hostileNames: true, ...options }, 0, 0)[0]
  if (!upload) return []
  return fixtureFiles(upload).map((file) => ({ path: file.path, bytes: rawFileBytes(file) }))
}
