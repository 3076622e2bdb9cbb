import { BIG_FILE_NAME } from '../data/fixture-uploads'
import type { UploadRecord } from '../data/model'
import type { RawFile } from './layout'
import { recordedRawFiles } from './recorded-files'

/**
 * The files of the fixture uploads. The hostile upload lists each hostile name as one file at
 * its root, verbatim (`../x` is a file called "../x", not x in the parent folder), and its zips
 * carry the names as they are: a careless server. The sandbox never touches the disk by these
 * names; their bytes are generated like every other raw file.
 */
export const HOSTILE_NAMES: readonly string[] = [
  '../x',
  '/etc/abs',
  `${'n'.repeat(296)}.txt`,
  'CON',
  'aux.txt',
  'nul\u0000byte.txt',
  'a/../../b',
]

/** Ordinary files of the hostile upload, which a download must still fetch. */
export const HOSTILE_UPLOAD_NORMAL_FILES: readonly string[] = [
  'README.md',
  'data/values.csv',
  'data/nested/notes.txt',
]

export function fixtureFiles(upload: UploadRecord): RawFile[] {
  const fixture = upload.fixture
  if (!fixture) return []
  if (fixture.kind === 'recorded') return recordedRawFiles(upload, fixture.files)
  if (fixture.kind === 'big-file') {
    return [{ path: BIG_FILE_NAME, size: fixture.bytes, kind: 'bulk', seed: 0, programIndex: 0 }]
  }
  const big = (verbatim: boolean) => verbatim && fixture.bytes !== undefined
  const file = (path: string, k: number, verbatim: boolean): RawFile => ({
    path,
    size: big(verbatim) ? (fixture.bytes ?? 0) : 200 + 37 * k,
    kind: big(verbatim) ? 'bulk' : path.endsWith('.csv') ? 'csv' : 'readme',
    seed: upload.seed + k,
    programIndex: 0,
    ...(verbatim ? { verbatim: true } : {}),
  })
  return [
    ...HOSTILE_UPLOAD_NORMAL_FILES.map((path, k) => file(path, k, false)),
    ...HOSTILE_NAMES.map((path, k) => file(path, k + HOSTILE_UPLOAD_NORMAL_FILES.length, true)),
  ]
}
