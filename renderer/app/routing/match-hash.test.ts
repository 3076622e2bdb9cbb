import { createMemoryHistory } from '@tanstack/react-router'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonPathOf } from '../../../shared/ipc/channels/archive'
import { SECTION_IDS } from '../sections'
import { matchHash } from './match-hash'
import { createAppRouter } from './router'

const router = createAppRouter(createMemoryHistory())
const sectionFromHash = (hash: string) => matchHash(router, hash).section
/** The hash a link puts in the address bar (what <Link> and navigate() write). */
const hashOf = (location: { href: string }) => `#${location.href}`

describe('matchHash: sections', () => {
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
  it('opens every section at #/<id>', () => {
    for (const id of SECTION_IDS) {
      const hash = hashOf(router.buildLocation({ to: `/${id}` }))
      expect(hash).toBe(`#/${id}`)
      expect(matchHash(router, hash)).toEqual({ routeId: `/${id}`, params: {}, section: id })
    }
  })
})

// Ids, upload folders and archive keys: any text, including /, %, ?, #, spaces and non-ASCII.
const segment = fc.string({ minLength: 1, maxLength: 40, unit: 'binary' })
const archivePath = fc.array(
  fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.nat({ max: 5000 })),
  { maxLength: 8 },
)
const runs = { seed: 20261124, numRuns: 300 }

describe('matchHash: routes with parameters round-trip through the hash', () => {
  it('#/archive/<server>/<entry>/<json-path>', () => {
    fc.assert(
      fc.property(segment, segment, fc.option(archivePath, { nil: undefined }), (s, e, path) => {
        const jsonPath = path === undefined ? undefined : jsonPathOf(path)
        const params = { serverId: s, entryId: e, jsonPath }
        const hash = hashOf(
          router.buildLocation({ to: '/archive/$serverId/$entryId/{-$jsonPath}', params }),
        )
        const match = matchHash(router, hash)
        expect(match.routeId).toBe('/archive/$serverId/$entryId/{-$jsonPath}')
        expect(match.section).toBe('search')
        expect(match.params).toEqual(jsonPath === undefined ? { serverId: s, entryId: e } : params)
      }),
      runs,
    )
  })
  it('#/uploads/<server>/<upload>/<folder>', () => {
    fc.assert(
      fc.property(segment, segment, fc.option(segment, { nil: undefined }), (s, u, folder) => {
        const params = { serverId: s, uploadId: u, folder }
        const hash = hashOf(
          router.buildLocation({ to: '/uploads/$serverId/$uploadId/{-$folder}', params }),
        )
        const match = matchHash(router, hash)
        expect(match.routeId).toBe('/uploads/$serverId/$uploadId/{-$folder}')
        expect(match.section).toBe('uploads')
        expect(match.params).toEqual(folder === undefined ? { serverId: s, uploadId: u } : params)
      }),
      runs,
    )
  })
  it('#/groups/<group>', () => {
    fc.assert(
      fc.property(segment, (groupId) => {
        const hash = hashOf(router.buildLocation({ to: '/groups/$groupId', params: { groupId } }))
        expect(matchHash(router, hash)).toEqual({
          routeId: '/groups/$groupId',
          params: { groupId },
          section: 'groups',
        })
      }),
      runs,
    )
  })
  it('writes ids and paths as URI-encoded segments', () => {
    const location = router.buildLocation({
      to: '/uploads/$serverId/$uploadId/{-$folder}',
      params: { serverId: 'a b', uploadId: 'x?#%', folder: 'raw/run 1' },
    })
    expect(hashOf(location)).toBe('#/uploads/a%20b/x%3F%23%25/raw%2Frun%201')
  })
})

describe('matchHash: malformed hashes show the default section and never throw', () => {
  it.each([
    ['bad percent-encoding', '#/archive/srv/%E0%A4%A/x'],
    ['a lone percent sign', '#/archive/%/e'],
    ['unknown section', '#/nope/x/y'],
  ])('%s', (_, hash) => {
    expect(matchHash(router, hash)).toEqual({ routeId: '__root__', params: {}, section: 'search' })
  })
  it('a section with a missing parameter stays on its section', () => {
    expect(matchHash(router, '#/uploads/srv').routeId).toBe('/uploads')
    expect(matchHash(router, '#/groups/').routeId).toBe('/groups')
  })
  it('an archive link without its entry opens "Open an archive" (the field to paste one)', () => {
    for (const hash of ['#/archive', '#/archive/srv'])
      expect(matchHash(router, hash)).toMatchObject({ routeId: '/archive', section: 'search' })
  })
  it('any text at all', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60, unit: 'binary' }), (text) => {
        expect(() => matchHash(router, `#/${text}`)).not.toThrow()
        expect(() => matchHash(router, text)).not.toThrow()
      }),
      runs,
    )
  })
})
