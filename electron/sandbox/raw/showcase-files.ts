import { gzipSync } from 'node:zlib'
import type { EntryMeta, UploadRecord } from '../data/model'
import { PNG_HEIGHT, PNG_WIDTH, type FileSource, type RawFile } from './layout'
import { renderPng } from './png'
import {
  SHOWCASE_JSON,
  SHOWCASE_PY,
  SHOWCASE_XZ,
  SHOWCASE_YAML,
  showcaseCsv,
} from './showcase-texts'

/**
 * The file browser's test bed, in the first upload (public, so signed-out tests reach it too):
 * a `showcase/` folder with one file of every preview kind, a five-level nested folder and a
 * text file of several hundred megabytes whose bytes are computed per range (fixed-width
 * lines, never held in memory); and 5 000 trajectory frames beside the mainfile of the
 * upload's last entry, named so that they sort before it: the mainfile is far beyond the
 * first page of its folder.
 */
export const SHOWCASE_FOLDER = 'showcase'
export const SHOWCASE_FRAMES = 5_000
/** The big text file is this many times the large binary file (64 MiB by default: 384 MiB). */
const BIG_TEXT_FACTOR = 6
const LINE_BYTES = 80

function fixed(content: Buffer, mime: string, decompressed?: Buffer): FileSource {
  return {
    read: (start, end) => [content.subarray(start, end)],
    mime,
    ...(decompressed ? { decompressed: () => decompressed } : {}),
  }
}

/** Line `n` of the big log: always LINE_BYTES long, so any offset maps to a line. */
function bigLine(n: number): string {
  const energy = (-1000 + Math.sin(n / 50) * 3 + (n % 7) * 0.01).toFixed(6)
  const text = `${String(n + 1).padStart(10)}  step ${String(n).padStart(10)}  E = ${energy} eV  T = 300 K`
  return text.padEnd(LINE_BYTES - 1, ' ') + '\n'
}

function* bigRange(start: number, end: number): Generator<Buffer> {
  const block = 1024 // lines per chunk
  for (let line = Math.floor(start / LINE_BYTES); line * LINE_BYTES < end; line += block) {
    const from = line * LINE_BYTES
    const lines: string[] = []
    for (let k = line; k < line + block && k * LINE_BYTES < end; k++) lines.push(bigLine(k))
    const chunk = Buffer.from(lines.join(''), 'latin1')
    yield chunk.subarray(Math.max(0, start - from), Math.min(chunk.length, end - from))
  }
}

function frame(n: number): Buffer {
  const x = (n * 0.013).toFixed(4)
  return Buffer.from(
    `3\nframe ${n} time=${(n * 0.5).toFixed(1)} fs\nO  0.0000 0.0000 ${x}\nH  0.7570 0.5860 0.0000\nH -0.7570 0.5860 0.0000\n`,
  )
}

const shown = (path: string, content: Buffer, mime: string, decompressed?: Buffer): RawFile => ({
  path,
  size: content.length,
  kind: 'showcase',
  seed: 0,
  programIndex: 0,
  source: fixed(content, mime, decompressed),
})

/** The showcase files of an upload: all of them for the first upload, none for the others. */
export function showcaseFiles(
  upload: UploadRecord,
  metas: readonly EntryMeta[],
  largeFileBytes: number,
): RawFile[] {
  if (upload.index !== 0) return []
  const base = `${SHOWCASE_FOLDER}/previews`
  const plainLog = Buffer.from(Array.from({ length: 400 }, (_, i) => bigLine(i)).join(''), 'latin1')
  const xz = Buffer.from(SHOWCASE_XZ.base64, 'base64')
  const bigSize = Math.max(LINE_BYTES * 1000, largeFileBytes * BIG_TEXT_FACTOR)
  const files: RawFile[] = [
    shown(`${base}/structure.json`, Buffer.from(SHOWCASE_JSON), 'application/json'),
    shown(`${base}/workflow.yaml`, Buffer.from(SHOWCASE_YAML), 'application/yaml'),
    shown(`${base}/thermo.csv`, Buffer.from(showcaseCsv(200)), 'text/csv'),
    shown(`${base}/analysis.py`, Buffer.from(SHOWCASE_PY), 'text/x-python'),
    shown(`${base}/plot.png`, renderPng(PNG_WIDTH * 4, PNG_HEIGHT * 4, 7), 'image/png'),
    shown(`${base}/run.log.gz`, gzipSync(plainLog), 'application/gzip', plainLog),
    shown(`${base}/notes.txt.xz`, xz, 'application/x-xz', Buffer.from(SHOWCASE_XZ.plain)),
    shown(`${base}/empty.txt`, Buffer.alloc(0), 'text/plain'),
    {
      path: `${base}/wavefunction.bin`,
      size: 300_000,
      kind: 'binary',
      seed: 0x5eed,
      programIndex: 0,
    },
    shown(
      `${SHOWCASE_FOLDER}/nested/level-1/level-2/level-3/level-4/deep-notes.md`,
      Buffer.from('# Five folders down\n\nThe file browser walks here one folder at a time.\n'),
      'text/markdown',
    ),
    {
      path: `${SHOWCASE_FOLDER}/big/trajectory.log`,
      size: bigSize - (bigSize % LINE_BYTES),
      kind: 'showcase',
      seed: 0,
      programIndex: 0,
      source: { read: bigRange, mime: 'text/plain' },
    },
  ]
  const last = metas[upload.entryStart + upload.entryCount - 1]
  if (last) {
    for (let n = 1; n <= SHOWCASE_FRAMES; n++) {
      // Digits sort before every mainfile name, so the mainfile comes after all frames.
      files.push(shown(`${last.dir}/${String(n).padStart(5, '0')}.xyz`, frame(n), 'text/plain'))
    }
  }
  return files
}
