import { describe, expect, it } from 'vitest'
import { openRawFile, rawFileBytes } from './content'
import type { RawFile } from './layout'
import { pngSize } from './png'
import { MATERIALS } from '../data/materials'
import { PROGRAMS } from '../data/programs'

async function read(file: RawFile, offset?: number, length?: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of openRawFile(file, offset, length)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const text: RawFile = { path: 'a/OUTCAR', size: 12_345, kind: 'outcar', seed: 7, programIndex: 0 }
const binary: RawFile = {
  path: 'a/WAVECAR',
  size: 200_000,
  kind: 'binary',
  seed: 9,
  programIndex: 0,
}

describe('raw file content', () => {
  it("names the entry's own material in a code output's header", async () => {
    const programIndex = PROGRAMS.findIndex((p) => p.name !== 'VASP')
    for (const materialIndex of [0, 5, MATERIALS.length - 1]) {
      const main: RawFile = {
        path: 'a/out',
        size: 4_000,
        kind: 'mainfile',
        seed: 11,
        programIndex,
        materialIndex,
      }
      const head = (await read(main)).toString('utf8').split('\n').slice(0, 3).join('\n')
      expect(head).toContain(`Invoked on ${MATERIALS[materialIndex]?.descriptive ?? '?'} (`)
    }
  })

  it('has exactly the listed size and is the same every time', async () => {
    for (const file of [
      text,
      binary,
      { ...text, kind: 'mainfile' as const, path: 'a/vasprun.xml' },
    ]) {
      const bytes = await read(file)
      expect(bytes.length).toBe(file.size)
      expect(bytes.equals(await read(file))).toBe(true)
    }
    const png: RawFile = {
      path: 'x.png',
      size: pngSize(96, 64),
      kind: 'png',
      seed: 3,
      programIndex: 0,
    }
    expect((await read(png)).length).toBe(png.size)
  })

  it('serves any byte range, identical to the same slice of the whole file', async () => {
    const whole = rawFileBytes(binary)
    for (const [offset, length] of [
      [0, 10],
      [65_530, 20],
      [131_072, 68_928],
      [199_990, 100],
    ] as const) {
      expect(
        (await read(binary, offset, length)).equals(whole.subarray(offset, offset + length)),
      ).toBe(true)
    }
    expect((await read(text, 100, -1)).equals(rawFileBytes(text).subarray(100))).toBe(true)
  })

  it('looks like text for text kinds', () => {
    expect(rawFileBytes(text).toString('latin1')).toMatch(/^ vasp\.6/)
  })
})
