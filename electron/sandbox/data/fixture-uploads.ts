import type { UploadFixture, UploadRecord } from './records'
import { DATA_END_MS, DAY_MS } from './time'
import { CAST } from './users'

/**
 * Uploads for download tests, off by default so that the demo data and every test that counts
 * uploads stay as they are. Both have fixed ids, belong to Lena, are published (anyone may read
 * them, also the whole-upload zip) and have no entries, so searches never see them.
 */
export interface FixtureOptions {
  /** Add the upload with hostile file names (HOSTILE_UPLOAD_ID, raw/fixture-files.ts). */
  hostileNames?: boolean
  /**
   * Size of each hostile-named file (default a few hundred bytes). Large sizes let a test
   * check a client that fetches big files one by one (with offset) rather than in zips.
   */
  hostileFileBytes?: number
  /** Add an upload with one file `big.bin` of this many bytes (BIG_FILE_UPLOAD_ID); 0: none. */
  bigFileBytes?: number
  /**
   * The file-browser showcase in the first upload (raw/showcase-files.ts: every preview kind,
   * a big text file, 5 000 frames beside a mainfile). On by default; download tests that count
   * files or bytes of ordinary uploads turn it off.
   */
  showcase?: boolean
  /**
   * Serve the real archives of the recordings as entries of their own, with their entry and
   * upload ids (data/recorded-archives.ts): archive_browser_test, eln_upload_id,
   * references_upload_id1 and dft_upload, owned by Lena. Off by default (entry counts stay).
   */
  recordedArchives?: boolean
  /**
   * Add the upload BigArchiveUpload000001 with one entry whose archive is about this many
   * bytes (data/big-archive.ts); 0: none.
   */
  bigArchiveBytes?: number
  /**
   * Add the upload ElnExamplesUpload00001 with this many generated ELN entries (a schema with
   * `definitions`, instruments, samples with `data`; data/eln-entries.ts); 0: none.
   */
  elnEntries?: number
  /**
   * Add the upload LongTrajectoryUpload01 with one molecular-dynamics entry whose
   * `run[0].calculation` holds this many small sections (data/long-trajectory.ts); 0: none.
   */
  longTrajectorySteps?: number
}

/** 22 characters, like the real server's upload ids. */
export const HOSTILE_UPLOAD_ID = 'HostileNamesUpload0001'
export const BIG_FILE_UPLOAD_ID = 'BigFileUpload000000001'
export const BIG_FILE_NAME = 'big.bin'

/** The fixture uploads the options ask for, indexed after the generated ones. */
export function fixtureUploads(
  options: FixtureOptions,
  firstIndex: number,
  entryStart: number,
): UploadRecord[] {
  const fixtures: [string, string, UploadFixture][] = []
  if (options.hostileNames) {
    const hostile: UploadFixture = { kind: 'hostile-names' }
    if (options.hostileFileBytes) hostile.bytes = options.hostileFileBytes
    fixtures.push([HOSTILE_UPLOAD_ID, 'Hostile file names', hostile])
  }
  const bytes = options.bigFileBytes ?? 0
  if (bytes > 0) fixtures.push([BIG_FILE_UPLOAD_ID, 'One big file', { kind: 'big-file', bytes }])
  return fixtures.map(([uploadId, name, fixture], k) => ({
    ...publicUpload(firstIndex + k, uploadId, name, entryStart, 0),
    seed: 0x5eed + k,
    campaign: 'fixtures',
    fixture,
  }))
}

/** A published upload of Lena's made a week before the data set ends (the fixtures' kind). */
export function publicUpload(
  index: number,
  uploadId: string,
  name: string,
  entryStart: number,
  entryCount: number,
): UploadRecord {
  const createMs = DATA_END_MS - 7 * DAY_MS
  return {
    index,
    seed: 0x5eed,
    upload_id: uploadId,
    upload_name: name,
    createMs,
    publishMs: createMs + DAY_MS,
    main_author: CAST.lena.user_id,
    coauthors: [],
    reviewers: [],
    coauthor_groups: [],
    reviewer_groups: [],
    published: true,
    embargo_length: 0,
    with_embargo: false,
    license: 'CC BY 4.0',
    entryStart,
    entryCount,
    datasetIndices: [],
    campaign: 'fixtures',
    programIndex: 0,
  }
}
