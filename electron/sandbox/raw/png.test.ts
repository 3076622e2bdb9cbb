import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { pngSize, renderPng } from './png'

describe('png', () => {
  it('renders exactly the predicted number of bytes, deterministically', () => {
    const png = renderPng(96, 64, 42)
    expect(png.length).toBe(pngSize(96, 64))
    expect(renderPng(96, 64, 42).equals(png)).toBe(true)
    expect(renderPng(96, 64, 43).equals(png)).toBe(false)
  })

  it('is a valid PNG whose image data inflates to height × (1 + 3·width) bytes', () => {
    const png = renderPng(20, 10, 1)
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
    const idatLength = png.readUInt32BE(33)
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT')
    const pixels = inflateSync(png.subarray(41, 41 + idatLength))
    expect(pixels.length).toBe(10 * (1 + 3 * 20))
  })
})
