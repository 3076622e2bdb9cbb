// Renders the app icon (the same drawing as renderer/components/app-logo.tsx and
// renderer/public/favicon.svg: an "N" drawn as a small data graph on a blue-to-green tile) into
// the files electron-builder needs, with no image libraries: PNGs via node:zlib, an ICO and an
// ICNS that embed those PNGs. Run `node assets/generate-icons.mjs` after changing the drawing.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'

const OUT = import.meta.dirname

// ---- drawing, in the 64×64 design space of the SVG --------------------------------------
const TILE_RADIUS = 14
const STROKE = 5.5 / 2
const NODE_RADIUS = 6
const POINTS = [
  [19, 45],
  [19, 19],
  [45, 45],
  [45, 19],
]
const FROM = [0x4c, 0x6e, 0xf5]
const TO = [0x0c, 0xa6, 0x78]

function roundedRectDistance(x, y) {
  const qx = Math.abs(x - 32) - (32 - TILE_RADIUS)
  const qy = Math.abs(y - 32) - (32 - TILE_RADIUS)
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0))
  return outside + Math.min(Math.max(qx, qy), 0) - TILE_RADIUS
}

function segmentDistance(x, y, [ax, ay], [bx, by]) {
  const abx = bx - ax
  const aby = by - ay
  const t = Math.max(0, Math.min(1, ((x - ax) * abx + (y - ay) * aby) / (abx * abx + aby * aby)))
  return Math.hypot(x - (ax + t * abx), y - (ay + t * aby))
}

function markDistance(x, y) {
  let d = Infinity
  for (let i = 0; i < POINTS.length - 1; i++)
    d = Math.min(d, segmentDistance(x, y, POINTS[i], POINTS[i + 1]) - STROKE)
  for (const [cx, cy] of POINTS) d = Math.min(d, Math.hypot(x - cx, y - cy) - NODE_RADIUS)
  return d
}

/** Anti-aliased coverage from a signed distance (negative = inside), one pixel wide. */
const coverage = (distance, pixel) => Math.max(0, Math.min(1, 0.5 - distance / pixel))

function render(size) {
  const pixel = 64 / size
  const rgba = Buffer.alloc(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) * pixel
      const y = (py + 0.5) * pixel
      const tile = coverage(roundedRectDistance(x, y), pixel)
      const mark = coverage(markDistance(x, y), pixel)
      const t = (x + y) / 128
      const i = (py * size + px) * 4
      for (let c = 0; c < 3; c++) {
        const background = FROM[c] + (TO[c] - FROM[c]) * t
        rgba[i + c] = Math.round(background + (255 - background) * mark)
      }
      rgba[i + 3] = Math.round(255 * tile)
    }
  }
  return rgba
}

// ---- PNG ---------------------------------------------------------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buffer) {
  let c = 0xffffffff
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
  return Buffer.concat([head, data, crc])
}
function png(size) {
  const rgba = render(size)
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++)
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// ---- ICO (Windows) and ICNS (macOS), both holding PNGs -----------------------------------
function ico(sizes) {
  const images = sizes.map((size) => ({ size, data: png(size) }))
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i
    header[entry] = size >= 256 ? 0 : size // 0 means 256
    header[entry + 1] = size >= 256 ? 0 : size
    header.writeUInt16LE(1, entry + 4) // colour planes
    header.writeUInt16LE(32, entry + 6) // bits per pixel
    header.writeUInt32LE(data.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += data.length
  })
  return Buffer.concat([header, ...images.map((image) => image.data)])
}

function icns(entries) {
  const parts = entries.map(([type, size]) => {
    const data = png(size)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4)
  return Buffer.concat([head, ...parts])
}

mkdirSync(join(OUT, 'icons'), { recursive: true })
for (const size of [16, 32, 48, 64, 128, 256, 512])
  writeFileSync(join(OUT, 'icons', `${size}x${size}.png`), png(size))
writeFileSync(join(OUT, 'icon.png'), png(1024))
writeFileSync(join(OUT, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256]))
writeFileSync(
  join(OUT, 'icon.icns'),
  icns([
    ['icp4', 16],
    ['icp5', 32],
    ['icp6', 64],
    ['ic07', 128],
    ['ic08', 256],
    ['ic09', 512],
    ['ic10', 1024],
  ]),
)
console.log(`Icons written to ${OUT}`)
