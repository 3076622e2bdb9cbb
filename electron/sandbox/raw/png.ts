import { crc32 } from 'node:zlib'
import { Rng } from '../data/rng'

/**
 * Tiny deterministic PNG plots. The image data is zlib-"stored" (uncompressed), so the file
 * size is a formula of width and height and directory listings know it without rendering.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const MAX_STORED_BLOCK = 65_535

function rawLength(width: number, height: number): number {
  return height * (1 + width * 3)
}

function zlibStoredLength(dataLength: number): number {
  const blocks = Math.max(1, Math.ceil(dataLength / MAX_STORED_BLOCK))
  return 2 + blocks * 5 + dataLength + 4
}

export function pngSize(width: number, height: number): number {
  return SIGNATURE.length + 25 + 12 + zlibStoredLength(rawLength(width, height)) + 12
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'ascii')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

function adler32(data: Buffer): number {
  let a = 1
  let b = 0
  for (let i = 0; i < data.length; i++) {
    a = (a + (data[i] ?? 0)) % 65521
    b = (b + a) % 65521
  }
  return ((b << 16) | a) >>> 0
}

function zlibStored(data: Buffer): Buffer {
  const out = Buffer.alloc(zlibStoredLength(data.length))
  out[0] = 0x78
  out[1] = 0x01
  let offset = 2
  for (let start = 0; start < data.length || start === 0; start += MAX_STORED_BLOCK) {
    const end = Math.min(data.length, start + MAX_STORED_BLOCK)
    const length = end - start
    out[offset] = end === data.length ? 1 : 0
    out.writeUInt16LE(length, offset + 1)
    out.writeUInt16LE(~length & 0xffff, offset + 3)
    data.copy(out, offset + 5, start, end)
    offset += 5 + length
    if (end === data.length) break
  }
  out.writeUInt32BE(adler32(data), offset)
  return out
}

/** A white canvas with axes and a smooth seeded curve, like a band-structure thumbnail. */
export function renderPng(width: number, height: number, seed: number): Buffer {
  const rng = new Rng(seed)
  const raw = Buffer.alloc(rawLength(width, height), 0xff)
  const set = (x: number, y: number, rgb: [number, number, number]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return
    const at = y * (1 + width * 3) + 1 + x * 3
    raw[at] = rgb[0]
    raw[at + 1] = rgb[1]
    raw[at + 2] = rgb[2]
  }
  for (let y = 0; y < height; y++) raw[y * (1 + width * 3)] = 0 // filter type "none"
  for (let x = 4; x < width; x++) set(x, height - 5, [60, 60, 60])
  for (let y = 0; y < height - 4; y++) set(4, y, [60, 60, 60])
  const colours: [number, number, number][] = [
    [0, 114, 178],
    [213, 94, 0],
    [0, 158, 115],
  ]
  for (const colour of colours) {
    const phase = rng.float(0, Math.PI * 2)
    const amplitude = rng.float(0.1, 0.35) * height
    const base = rng.float(0.25, 0.75) * height
    for (let x = 5; x < width; x++) {
      const y = Math.round(base + amplitude * Math.sin(phase + (x / width) * Math.PI * 2))
      set(x, y, colour)
      set(x, y + 1, colour)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type RGB
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
