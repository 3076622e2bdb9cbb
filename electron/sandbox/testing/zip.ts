import { unzipSync } from 'fflate'

/** Names and contents of a zip (tests). */
export function unzip(bytes: Buffer): Record<string, Buffer> {
  const out: Record<string, Buffer> = {}
  for (const [name, data] of Object.entries(unzipSync(bytes))) out[name] = Buffer.from(data)
  return out
}
