import type { EntryMeta, UploadRecord } from '../data/model'
import { PROGRAMS } from '../data/programs'
import { Rng } from '../data/rng'
import { pngSize } from './png'

/**
 * Where an upload's raw files are and how big they are, derived from the entry skeleton.
 * Nothing here reads or stores content; raw/content.ts regenerates the bytes of any file from
 * its `kind` and `seed`, so listings cost nothing and downloads stream.
 */

export type FileKind =
  | 'mainfile'
  | 'input'
  | 'outcar'
  | 'log'
  | 'png'
  | 'binary'
  | 'readme'
  | 'csv'
  /** The big-file fixture's bytes (raw/big-file.ts), fast enough for any size. */
  | 'bulk'
  | 'showcase'

/**
 * Content given by its file rather than by a kind's template (raw/showcase-files.ts): any byte
 * range of it, its MIME type and, for a compressed file, what `decompress=true` streams.
 */
export interface FileSource {
  read: (start: number, end: number) => Iterable<Buffer>
  mime: string
  decompressed?: () => Buffer
}

export interface RawFile {
  /** Path relative to the upload root. */
  path: string
  size: number
  kind: FileKind
  seed: number
  /** For mainfiles: the entry index. */
  entryIndex?: number
  /** Program the file belongs to (selects the text template). */
  programIndex: number
  /** For an entry's files: its material, so outputs name what was calculated. */
  materialIndex?: number
  /** Set for kind 'showcase'. */
  source?: FileSource
  /**
   * The whole path is one file name at the upload root, served as is: the hostile-names
   * fixture's `../x` or `/etc/abs` (raw/fixture-files.ts).
   */
  verbatim?: true
}

/** The name a listing or a Content-Disposition gives the file. */
export function fileName(file: RawFile): string {
  return file.verbatim ? file.path : file.path.slice(file.path.lastIndexOf('/') + 1)
}

export const PNG_WIDTH = 96
export const PNG_HEIGHT = 64

const INPUT_SIZES: Record<string, [number, number]> = {
  INCAR: [300, 900],
  KPOINTS: [60, 120],
  POSCAR: [200, 2_000],
  OUTCAR: [100_000, 800_000],
  'control.in': [1_000, 4_000],
  'geometry.in': [200, 2_000],
  'input.xml': [1_000, 3_000],
  'EIGVAL.OUT': [20_000, 200_000],
  'pw.in': [1_000, 3_000],
  'pseudo.upf': [50_000, 400_000],
  'cp2k.inp': [2_000, 5_000],
  BASIS_MOLOPT: [30_000, 60_000],
}

/** Files of one entry: those directly in its folder (sorted), then its images/ folder. */
export function entryFiles(meta: EntryMeta, largeFileBytes: number): RawFile[] {
  const program = PROGRAMS[meta.programIndex] ?? PROGRAMS[0]
  if (!program) return []
  const rng = new Rng(meta.seed ^ 0xf11e5)
  const file = (name: string, kind: FileKind, size: number): RawFile => ({
    path: `${meta.dir}/${name}`,
    size,
    kind,
    seed: (meta.seed ^ hashName(name)) >>> 0,
    programIndex: meta.programIndex,
    materialIndex: meta.materialIndex,
  })
  const mainScale = meta.workflow === 'single_point' ? 1 : Math.min(8, 1 + meta.steps / 10)
  const main = file(program.mainfile, 'mainfile', Math.round(rng.int(60_000, 600_000) * mainScale))
  main.entryIndex = meta.index
  const files: RawFile[] = [main]
  for (const input of program.inputs) {
    const [min, max] = INPUT_SIZES[input] ?? [500, 5_000]
    files.push(file(input, input === 'OUTCAR' ? 'outcar' : 'input', rng.int(min, max)))
  }
  files.push(file(`slurm-${rng.int(100_000, 999_999)}.out`, 'log', rng.int(2_000, 30_000)))
  if (meta.workflow === 'molecular_dynamics') {
    files.push(file('thermo.csv', 'csv', meta.steps * 64 + 40))
  }
  if (meta.largeFile) files.push(file(program.bigFile, 'binary', largeFileBytes))
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  if (meta.images) {
    const size = pngSize(PNG_WIDTH, PNG_HEIGHT)
    const plots =
      meta.workflow === 'single_point' ? ['band_structure.png', 'dos.png'] : ['convergence.png']
    for (const plot of plots) files.push(file(`images/${plot}`, 'png', size))
  }
  return files
}

/** Files at the upload root (not part of any entry). */
export function uploadRootFiles(upload: UploadRecord): RawFile[] {
  const rng = new Rng(upload.seed ^ 0x7007)
  return [
    {
      path: 'README.md',
      size: rng.int(600, 2_400),
      kind: 'readme',
      seed: upload.seed,
      programIndex: upload.programIndex,
    },
    {
      path: `${upload.campaign}/overview.png`,
      size: pngSize(PNG_WIDTH, PNG_HEIGHT),
      kind: 'png',
      seed: upload.seed ^ 0x99,
      programIndex: upload.programIndex,
    },
  ]
}

function hashName(name: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** The names the `files` metadata lists: files directly in the mainfile's folder. */
export function entryFilePaths(meta: EntryMeta, largeFileBytes: number): string[] {
  const files = entryFiles(meta, largeFileBytes).filter(
    (f) => !f.path.slice(meta.dir.length + 1).includes('/'),
  )
  const main = files.find((f) => f.kind === 'mainfile')
  return [...(main ? [main.path] : []), ...files.filter((f) => f !== main).map((f) => f.path)]
}
