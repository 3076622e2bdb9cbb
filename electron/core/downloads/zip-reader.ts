import { createHash } from 'node:crypto'
import { mkdir, open } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { AppError } from '../../../shared/errors'

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
        if (error) reject(damaged(error))
        else resolve(zip)
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
  const stream = await new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, readable) =>
      error ? reject(damaged(error)) : resolve(readable),
    )
  })
  const hash = createHash('sha256')
  let crc = 0
  let bytes = 0
  await mkdir(dirname(target), { recursive: true })
  const file = await open(target, 'w')
  try {
    for await (const chunk of stream) {
      const data = chunk as Buffer
      await file.write(data)
      hash.update(data)
      crc = crc32(data, crc)
      bytes += data.length
    }
    await file.sync()
  } catch (error) {
    throw error instanceof AppError ? error : damaged(error as Error)
  } finally {
    await file.close()
  }
  if (crc !== entry.crc32 || bytes !== entry.uncompressedSize)
    throw new AppError(
      'invalid_response',
      `The zip member ${name} is damaged (CRC-32 or size does not match the zip's directory).`,
    )
  return { sha256: hash.digest('hex'), bytes }
}

function damaged(error: Error): AppError {
  return new AppError(
    'invalid_response',
    `The server's zip is damaged or incomplete: ${error.message}.`,
  )
}
