import { describe, expect, it } from 'vitest'
import { sectionFromHash } from './use-hash-route'

describe('sectionFromHash', () => {
  it('reads the section from #/<id>, ignoring anything after it', () => {
    expect(sectionFromHash('#/servers')).toBe('servers')
    expect(sectionFromHash('#/tokens/abc?x=1')).toBe('tokens')
    expect(sectionFromHash('#offline')).toBe('offline')
  })
  it('falls back to Search for empty or unknown hashes', () => {
    expect(sectionFromHash('')).toBe('search')
    expect(sectionFromHash('#/nope')).toBe('search')
    expect(sectionFromHash('#/__proto__')).toBe('search')
  })
})
