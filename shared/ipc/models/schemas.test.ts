import { describe, expect, it } from 'vitest'
import { contract } from '../contract'
import { userSettingsPatchSchema, userSettingsSchema } from './settings'

describe('server channel schemas', () => {
  const add = contract.channels['servers.add'].input
  const update = contract.channels['servers.update'].input

  it('normalises a draft and defaults the note', () => {
    expect(
      add.parse({ name: '  Group Oasis ', baseUrl: 'https://oasis.example.org/api/v1/' }),
    ).toEqual({ name: 'Group Oasis', baseUrl: 'https://oasis.example.org/api/v1', note: '' })
  })

  it('reports the failing field as the issue path', () => {
    const result = add.safeParse({ name: 'x', baseUrl: 'http://oasis.example.org/api/v1' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['baseUrl'])
    expect(result.error?.issues[0]?.message).toContain('use https for oasis.example.org')
  })

  it('refuses blank names, unknown keys and empty updates', () => {
    expect(add.safeParse({ name: '   ', baseUrl: 'https://a.org/api/v1' }).success).toBe(false)
    expect(
      add.safeParse({ name: 'a', baseUrl: 'https://a.org/api/v1', builtIn: true }).success,
    ).toBe(false)
    expect(update.safeParse({ id: 'abc' }).success).toBe(false)
    expect(update.safeParse({ id: 'abc', note: 'shared with the lab' }).success).toBe(true)
  })
})

describe('settings patch schema', () => {
  it('accepts any complete settings object as a patch, so the two stay in step', () => {
    const full = userSettingsSchema.parse({ appearance: { theme: 'dark' } })
    expect(userSettingsPatchSchema.parse(full)).toEqual(full)
  })
  it('refuses unknown keys and bad values', () => {
    expect(userSettingsPatchSchema.safeParse({ appearance: { theme: 'sepia' } }).success).toBe(
      false,
    )
    expect(userSettingsPatchSchema.safeParse({ apperance: {} }).success).toBe(false)
    expect(userSettingsPatchSchema.safeParse({}).success).toBe(true)
  })
})
