import { describe, expect, it } from 'vitest'
import { sniffText } from './text-sniff'

const bytes = (...values: number[]) => Uint8Array.from(values)
const utf8 = (text: string) => new TextEncoder().encode(text)

describe('sniffText', () => {
  it('reads UTF-8 text, including a character cut off at the end of a preview', () => {
    expect(sniffText(utf8('E = -1.2 eV\n'), false)).toEqual({
      kind: 'text',
      encoding: 'utf-8',
      text: 'E = -1.2 eV\n',
    })
    const cut = utf8('Å = 1e-10 m')
    const withCut = new Uint8Array([...cut, ...utf8('Å').subarray(0, 1)])
    expect(sniffText(withCut, true)).toMatchObject({ kind: 'text', text: 'Å = 1e-10 m' })
  })

  it('calls NUL bytes, control characters and a PNG header binary', () => {
    expect(sniffText(bytes(0x41, 0x00, 0x42), false).kind).toBe('binary')
    expect(sniffText(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), false).kind).toBe(
      'binary',
    )
    const noisy = new Uint8Array(200).fill(0x41)
    noisy[10] = 0x01
    noisy[20] = 0x02
    noisy[30] = 0x03
    expect(sniffText(noisy, false).kind).toBe('binary')
  })

  it('reads 8-bit text that is not UTF-8 as Latin-1, and an empty file as empty', () => {
    expect(sniffText(bytes(0x41, 0xc5, 0x42), false)).toEqual({
      kind: 'text',
      encoding: 'latin-1',
      text: 'AÅB',
    })
    expect(sniffText(bytes(), false)).toEqual({ kind: 'empty' })
  })
})
