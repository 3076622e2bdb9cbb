import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, createMemorySink } from '../logging'
import { createRotations, ROTATIONS_LIMIT } from './rotations'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function fresh() {
  const dir = mkdtempSync(join(tmpdir(), 'nomad-rotations-'))
  dirs.push(dir)
  return { dir, logger: createLogger({ sink: createMemorySink(), level: 'debug' }) }
}

describe('remembered rotations', () => {
  it('keeps the newest marks per server, up to the limit, across instances', async () => {
    const { dir, logger } = fresh()
    const first = createRotations(dir, logger)
    for (let i = 0; i < ROTATIONS_LIMIT + 5; i++)
      await first.note('a', `old-${i}`, { id: `new-${i}`, createdAt: '2026-01-01T00:00:00.000Z' })
    await first.note('b', 'old-b', { id: 'new-b', createdAt: '2026-01-02T00:00:00.000Z' })
    const again = createRotations(dir, logger)
    const a = await again.of('a')
    expect(a.size).toBe(ROTATIONS_LIMIT)
    expect(a.get(`old-${ROTATIONS_LIMIT + 4}`)?.id).toBe(`new-${ROTATIONS_LIMIT + 4}`)
    expect(a.has('old-0')).toBe(false)
    expect((await again.of('b')).get('old-b')?.id).toBe('new-b')
    await again.forget('a')
    expect((await again.of('a')).size).toBe(0)
    expect((await again.of('b')).size).toBe(1)
  })
})
