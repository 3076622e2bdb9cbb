import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { crc32 } from 'node:zlib'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { AppError } from '../../../shared/errors'
import { syncFile } from './file-hash'

/** What was written for one zip member: its sha256 and length, its CRC checked. */
export interface UnpackedFile {
  sha256: string
  bytes: number
}

/**
 * Walks a downloaded zip with yauzl and hands each member whose name `want` accepts to be
 * written to the path it returns. Names stay raw bytes (decodeStrings off): yauzl would reject
 * the whole zip for one hostile name, while here an unknown name is simply not wanted. Every
 * written member's CRC-32 and size are checked against the central directory.
 */
export async function unpackZip(
  zipPath: string,
  want: (name: string) => string | undefined,
  written: (name: string, result: UnpackedFile) => Promise<void>,
): Promise<void> {
  const zip = await openZip(zipPath)
  try {
    for (let entry = await nextEntry(zip); entry !== undefined; entry = await nextEntry(zip)) {
      const name = Buffer.isBuffer(entry.fileName)
        ? entry.fileName.toString('utf8')
        : String(entry.fileName)
      if (name.endsWith('/')) continue
      const target = want(name)
      if (target === undefined) continue
      const result = await extract(zip, entry, target, name)
      await written(name, result)
    }
  } finally {
    zip.close()
  }
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (error, zip) => {
        if (error) return reject(damaged(error))
        // nextEntry listens while it reads; an 'error' between reads must not go unheard.
        zip.on('error', ignore)
        resolve(zip)
      },
    )
  })
}

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.removeListener('entry', onEntry)
      zip.removeListener('end', onEnd)
      zip.removeListener('error', onError)
    }
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry))
    const onEnd = () => (cleanup(), resolve(undefined))
    const onError = (error: Error) => (cleanup(), reject(damaged(error)))
    zip.once('entry', onEntry)
    zip.once('end', onEnd)
    zip.once('error', onError)
    zip.readEntry()
  })
}

async function extract(
  zip: ZipFile,
  entry: Entry,
  target: string,
  name: string,
): Promise<UnpackedFile> {
  await mkdir(dirname(target), { recursive: true })
  const hash = createHash('sha256')
  let crc = 0
  let bytes = 0
  try {
    const stream = await openMember(zip, entry)
    await pipeline(
      stream,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const data of source) {
          hash.update(data)
          crc = crc32(data, crc)
          bytes += data.length
          yield data
        }
      },
      createWriteStream(target),
    )
    await syncFile(target)
  } catch (error) {
    throw error instanceof AppError ? error : damaged(error as Error)
  }
  if (crc !== entry.crc32 || bytes !== entry.uncompressedSize)
    throw new AppError(
      'invalid_response',
      `The zip member ${name} is damaged (CRC-32 or size does not match the zip's directory).`,
    )
  return { sha256: hash.digest('hex'), bytes }
}

/**
 * A member's data stream, with an error listener from its first moment: yauzl inflates as soon
 * as the stream exists and forwards a corrupt member's zlib error (Z_DATA_ERROR) a tick later;
 * without a listener that error would be thrown out of band and end the process. The
 * pipeline that reads the stream sees the same error and rejects with it.
 */
function openMember(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, readable) => {
      if (error) return reject(damaged(error))
      readable.on('error', ignore)
      resolve(readable)
    })
  })
}

function ignore(): void {
  // Reported through whoever reads next (nextEntry, the pipeline of extract); see openMember.
}

function damaged(error: Error): AppError {
  return new AppError(
    'invalid_response',
    `The server's zip is damaged or incomplete: ${error.message}.`,
  )
}
