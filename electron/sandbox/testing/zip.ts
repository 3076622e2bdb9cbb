import { unzipSync } from 'fflate'
import yauzl from 'yauzl'

/** Names and contents of a zip (tests). */
export function unzip(bytes: Buffer): Record<string, Buffer> {
  const out: Record<string, Buffer> = {}
  for (const [name, data] of Object.entries(unzipSync(bytes))) out[name] = Buffer.from(data)
  return out
}

export interface RawZipEntry {
  /** The name as stored, undecoded and unvalidated (yauzl would refuse hostile ones). */
  name: string
  /** The CRC-32 the central directory records. */
  crc32: number
  data: Buffer
}

/** Every entry of a zip with its recorded CRC; rejects when the zip cannot be read. */
export function readZip(bytes: Buffer): Promise<RawZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: false }, (error, zip) => {
      if (error) return reject(error)
      const out: RawZipEntry[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            const name = (entry.fileName as unknown as Buffer).toString('utf8')
            out.push({ name, crc32: entry.crc32, data: Buffer.concat(chunks) })
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(out))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}
