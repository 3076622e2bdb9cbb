import { toJsonText } from '../server/json'
import { calculationSection, systemSection } from './archive-sections'
import type { EntryMeta, UploadRecord } from './model'
import { publicUpload } from './fixture-uploads'
import { entryIdFor } from './ids'

/**
 * The big-archive fixture (`--big-archive-mib N`, FixtureOptions.bigArchiveBytes): one public
 * upload of Lena's with one VASP geometry optimisation of silicon whose archive is about N MiB,
 * for the archive viewer's benchmark. Every calculation carries many SCF iterations, a DOS of
 * 2 001 points and eigenvalues; the last one a band structure of 32 bands. Generated lazily
 * like every archive: the bytes are produced while they are sent.
 */

export const BIG_ARCHIVE_UPLOAD_ID = 'BigArchiveUpload000001'
const DIR = 'big-archive/Si-relaxation'
/** The mainfile is VASP's (PROGRAMS[0]); the entry id follows from it like every entry's. */
export const BIG_ARCHIVE_MAINFILE = `${DIR}/vasprun.xml`
export const BIG_ARCHIVE_ENTRY_ID = entryIdFor(BIG_ARCHIVE_UPLOAD_ID, BIG_ARCHIVE_MAINFILE)

const BIG = { scfSteps: 60, spectra: { dosPoints: 2001, kpointsPerSegment: 60, bands: 32 } }

function meta(index: number, uploadIndex: number, steps: number): EntryMeta {
  return {
    index,
    uploadIndex,
    seed: 0xb16a,
    materialIndex: 0,
    programIndex: 0,
    functionalIndex: 0,
    workflow: 'geometry_optimization',
    dir: DIR,
    steps,
    supercell: 2,
    largeArchive: true,
    largeFile: false,
    images: false,
    legacyWorkflow: false,
    bigArchive: BIG,
  }
}

/** Steps for about `bytes` of archive: one step measured at its depth in the answer. */
function stepsFor(bytes: number): number {
  const probe = meta(0, 0, 3)
  const nested = (value: unknown) =>
    toJsonText({ data: { archive: { run: [{ calculation: [value] }] } } }).length
  const empty = nested({})
  const perStep =
    nested(calculationSection(probe, 1)) - empty + (nested(systemSection(probe, 1)) - empty)
  // The last step adds the band structure; metadata, results and logs about 40 KB.
  const fixed = nested(calculationSection(probe, 2)) - nested(calculationSection(probe, 1)) + 40_000
  return Math.max(2, Math.round((bytes - fixed) / perStep))
}

export function bigArchiveData(
  bytes: number,
  firstUpload: number,
  firstEntry: number,
): { uploads: UploadRecord[]; metas: EntryMeta[] } {
  const upload: UploadRecord = {
    ...publicUpload(firstUpload, BIG_ARCHIVE_UPLOAD_ID, 'One big archive', firstEntry, 1),
    seed: 0xb16a,
    campaign: 'big-archive',
  }
  return { uploads: [upload], metas: [meta(firstEntry, firstUpload, stepsFor(bytes))] }
}
