import { describe, expect, it } from 'vitest'
import {
  MIGRATIONS,
  assertMigrationsOrdered,
  runMigrations,
  versionOf,
  type Migration,
} from './migrations'
import { CURRENT_SCHEMA_VERSION, settingsDocSchema } from './schema'

const step = (to: number, tag: string): Migration => ({
  to,
  description: tag,
  migrate: (doc) => ({ ...doc, trail: [...((doc.trail as string[] | undefined) ?? []), tag] }),
})

describe('the shipped migrations', () => {
  it('are the contiguous sequence 1..CURRENT_SCHEMA_VERSION', () => {
    expect(MIGRATIONS.map((m) => m.to)).toEqual(
      Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, i) => i + 1),
    )
    expect(() => assertMigrationsOrdered(MIGRATIONS, CURRENT_SCHEMA_VERSION)).not.toThrow()
  })

  it('turn an unversioned document into a valid current one', () => {
    const { doc, from, applied } = runMigrations({ someOldKey: 1 })
    expect(from).toBe(0)
    expect(applied).toEqual([1])
    expect(settingsDocSchema.parse(doc).schemaVersion).toBe(CURRENT_SCHEMA_VERSION)
  })

  it('leave a current document untouched', () => {
    const current = { schemaVersion: CURRENT_SCHEMA_VERSION, anything: true }
    expect(runMigrations(current)).toEqual({
      doc: current,
      from: CURRENT_SCHEMA_VERSION,
      applied: [],
    })
  })
})

describe('runMigrations', () => {
  const steps = [step(1, 'a'), step(2, 'b'), step(3, 'c')]

  it('applies only the steps above the document version, in order, stamping each', () => {
    expect(runMigrations({ schemaVersion: 1, trail: ['a'] }, steps, 3)).toEqual({
      doc: { schemaVersion: 3, trail: ['a', 'b', 'c'] },
      from: 1,
      applied: [2, 3],
    })
    expect(runMigrations({}, steps, 3).doc.trail).toEqual(['a', 'b', 'c'])
  })

  it('refuses lists that are out of order, have gaps or stop short', () => {
    expect(() => runMigrations({}, [step(2, 'b'), step(1, 'a')], 2)).toThrow(
      'goes to version 2; expected 1',
    )
    expect(() => runMigrations({}, [step(1, 'a'), step(3, 'c')], 3)).toThrow('expected 2')
    expect(() => runMigrations({}, [step(1, 'a')], 2)).toThrow('end at version 1')
  })

  it('refuses documents from a newer version instead of downgrading them', () => {
    expect(() => runMigrations({ schemaVersion: 4 }, steps, 3)).toThrow(
      /written by a newer NOMAD Desktop \(settings version 4; this version understands up to 3\)/,
    )
  })

  it('rejects a schemaVersion that is not a non-negative integer', () => {
    expect(versionOf({})).toBe(0)
    expect(() => versionOf({ schemaVersion: '2' })).toThrow('invalid schemaVersion')
    expect(() => versionOf({ schemaVersion: 1.5 })).toThrow('invalid schemaVersion')
  })
})
