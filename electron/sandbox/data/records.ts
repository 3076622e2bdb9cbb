import type { RecordedEntry } from './recorded-archives'
import type { WorkflowKind } from './programs'

/**
 * The generated data set's records. Entry search documents (stored-doc.ts) are real objects
 * (the query evaluator needs them), but everything that can be shared is shared: material,
 * method and upload-level fields point at one object per distinct value. Archives and raw file
 * contents are not stored at all; they are regenerated from `EntryMeta` on demand.
 */

export interface UserRef {
  user_id: string
  name: string
}

export interface DatasetRecord {
  dataset_id: string
  dataset_name: string
  user_id: string
  doi?: string
  pid?: string
  dataset_create_time: string
  dataset_modified_time: string
  dataset_type: 'owned' | 'foreign'
  /** Uploads whose entries are in this dataset. */
  uploadIndices: number[]
}

export interface UploadRecord {
  index: number
  seed: number
  upload_id: string
  upload_name: string
  createMs: number
  publishMs?: number
  main_author: string
  coauthors: string[]
  reviewers: string[]
  coauthor_groups: string[]
  reviewer_groups: string[]
  published: boolean
  embargo_length: number
  with_embargo: boolean
  license: string
  /** Entries of an upload are contiguous: [entryStart, entryStart + entryCount). */
  entryStart: number
  entryCount: number
  datasetIndices: number[]
  /** Top-level folder the calculations live in, e.g. "bulk-oxides". */
  campaign: string
  programIndex: number
  /** Set on the test fixtures of data/fixture-uploads.ts, whose files are not generated. */
  fixture?: UploadFixture
  /** The last process an action started (publish, reprocess, …); absent: the first processing. */
  process?: UploadProcess
  /** Deleted through DELETE /uploads/{id}: gone from every answer. */
  deleted?: boolean
}

/** A process an upload action started, running from `startMs` until `endMs`. */
export interface UploadProcess {
  name: string
  startMs: number
  endMs: number
}

/**
 * A fixture upload's content: hostile file names (each of `bytes` bytes when given), one big
 * file of `bytes` bytes, or the files the recorded real entries list (data/recorded-uploads.ts;
 * a mainfile names its entry).
 */
export type UploadFixture =
  | { kind: 'hostile-names'; bytes?: number }
  | { kind: 'big-file'; bytes: number }
  | { kind: 'recorded'; files: RecordedFile[] }

/** A file of a recorded upload; a mainfile names its entry. */
export interface RecordedFile {
  path: string
  entryIndex?: number
  entryId?: string
}

/** Internal facts about an entry that the archive and raw-file generators need. */
export interface EntryMeta {
  index: number
  uploadIndex: number
  seed: number
  materialIndex: number
  programIndex: number
  functionalIndex: number
  workflow: WorkflowKind
  /** Directory of the mainfile, relative to the upload root (no trailing slash). */
  dir: string
  /** Number of calculation steps (frames for MD). */
  steps: number
  /** Supercell multiplier applied to the material's cell. */
  supercell: number
  /** Entry index of the geometry optimisation this entry starts from (cross-entry ref). */
  inputEntry?: number
  /** Serialised archive is ≥ 20 MB (long MD trajectory). */
  largeArchive: boolean
  /** Leaves a large binary file of `largeFileBytes` next to the mainfile. */
  largeFile: boolean
  /** Has an images/ subfolder with PNG plots. */
  images: boolean
  /** A G0W0 calculation on top of the DFT functional (results.method.method_name "GW"). */
  gw?: boolean
  /** Uses the legacy `workflow` list with /run/0/... references as well. */
  legacyWorkflow: boolean
  /**
   * An entry whose archive and document are given whole rather than generated: a recorded
   * real one (data/recorded-archives.ts) or a generated ELN entry (data/eln-entries.ts).
   */
  recorded?: RecordedEntry
  /**
   * The big-archive fixture (data/big-archive.ts): every calculation carries this many SCF
   * iterations, a DOS and eigenvalues of this size.
   */
  bigArchive?: { scfSteps: number; spectra: SpectraSize }
  /**
   * The long-trajectory fixture (data/long-trajectory.ts): every step is a small calculation
   * (thermodynamic output only) and the structure is kept every `systemEvery` steps.
   */
  longTrajectory?: { systemEvery: number }
}

/** How big the spectra of an archive are (archive-spectra.ts; the big-archive fixture). */
export interface SpectraSize {
  /** Points of a DOS. */
  dosPoints: number
  /** k-points per band-structure segment. */
  kpointsPerSegment: number
  bands: number
}
