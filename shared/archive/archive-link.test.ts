import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonPathOf } from '../ipc/channels/archive'
import { archiveAppLink, parseArchiveLink, type LinkServer } from './archive-link'

const servers: LinkServer[] = [
  { id: 'nomad-public', name: 'NOMAD', baseUrl: 'https://nomad-lab.eu/prod/v1/api/v1' },
  { id: 'oasis', name: 'Group Oasis', baseUrl: 'https://oasis.example.org/nomad-oasis/api/v1' },
  { id: 'local sandbox', name: 'Local', baseUrl: 'http://127.0.0.1:8123/api/v1' },
]
const read = (text: string) => parseArchiveLink(text, servers, 'oasis')
const ok = (serverId: string, entryId: string, jsonPath?: string) => ({
  ok: true,
  target: { serverId, entryId, ...(jsonPath ? { jsonPath } : {}) },
})

describe('parseArchiveLink', () => {
  it('opens a pasted entry id on the server shown', () => {
    expect(read('  zF3xRkPqkW2tPqL_7u-9sMvA1b3c  ')).toEqual(
      ok('oasis', 'zF3xRkPqkW2tPqL_7u-9sMvA1b3c'),
    )
  })

  it('reads app links, hash routes and web-mode addresses', () => {
    expect(read('nomad-desktop://archive/nomad-public/e1/%24.run%5B0%5D.system%5B-1%5D')).toEqual(
      ok('nomad-public', 'e1', '$.run[0].system[-1]'),
    )
    expect(read('#/archive/local%20sandbox/e2')).toEqual(ok('local sandbox', 'e2'))
    expect(read('http://127.0.0.1:5123/?token=abc#/archive/oasis/e3/%24.run')).toEqual(
      ok('oasis', 'e3', '$.run'),
    )
  })

  it('reads NOMAD GUI and API addresses of a configured server', () => {
    const gui = 'https://nomad-lab.eu/prod/v1/gui/search/entries/entry/id/zF3x_a-1'
    expect(read(gui)).toEqual(ok('nomad-public', 'zF3x_a-1'))
    expect(read(`${gui}/data/run/0/system/0`)).toEqual(
      ok('nomad-public', 'zF3x_a-1', '$.run[0].system[0]'),
    )
    expect(read(`${gui}/overview`)).toEqual(ok('nomad-public', 'zF3x_a-1'))
    expect(
      read('https://oasis.example.org/nomad-oasis/gui/user/uploads/upload/id/U1/entry/id/E1/data'),
    ).toEqual(ok('oasis', 'E1'))
    expect(read('https://nomad-lab.eu/prod/v1/gui/entry/id/U9/E9')).toEqual(
      ok('nomad-public', 'E9'),
    )
    expect(read('https://nomad-lab.eu/prod/v1/api/v1/entries/E5/archive?x=1')).toEqual(
      ok('nomad-public', 'E5'),
    )
    expect(read('http://127.0.0.1:8123/api/v1/entries/E6/archive/download')).toEqual(
      ok('local sandbox', 'E6'),
    )
  })

  it('says why nonsense, damaged links and other servers cannot be opened', () => {
    const message = (text: string) => {
      const result = read(text)
      return result.ok ? 'opened' : result.message
    }
    expect(message('')).toMatch(/Paste an entry id/)
    expect(message('hello world')).toMatch(/Not an entry id or a link/)
    expect(message('nomad-desktop://archive/elsewhere/e1')).toMatch(
      /server “elsewhere”, which is not one of your servers/,
    )
    expect(message('nomad-desktop://archive/oasis/e1/%E0%A4%A')).toMatch(/percent-encoding/)
    expect(message('#/archive/oasis')).toMatch(/names no entry/)
    expect(message('#/archive/oasis/e1/run.0')).toMatch(/not a JSON path/)
    expect(message('#/archive/oasis/e%201')).toMatch(/is not an entry id/)
    expect(message('https://nomad.other.org/gui/entry/id/E1')).toMatch(
      /https:\/\/nomad.other.org is not one of your servers/,
    )
    expect(message('https://nomad-lab.eu/prod/v1/gui/search/entries')).toMatch(
      /address of NOMAD names no entry/,
    )
  })

  const key = fc.stringMatching(/^[A-Za-z_]\w{0,8}$/)
  const step = fc.oneof(
    key,
    fc.string({ minLength: 1, maxLength: 6 }),
    fc.integer({ min: -3, max: 99 }),
  )
  const target = fc.record({
    serverId: fc.constantFrom(...servers.map((s) => s.id)),
    entryId: fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/),
    path: fc.option(fc.tuple(key, fc.array(step, { maxLength: 5 })), { nil: undefined }),
  })

  it('opens every copied link at the same place (property)', () => {
    fc.assert(
      fc.property(target, ({ serverId, entryId, path }) => {
        const jsonPath = path ? jsonPathOf([path[0], ...path[1]]) : undefined
        const link = archiveAppLink({ serverId, entryId, ...(jsonPath ? { jsonPath } : {}) })
        expect(read(link)).toEqual(ok(serverId, entryId, jsonPath))
        expect(read(`#/${link.slice('nomad-desktop://'.length)}`)).toEqual(
          ok(serverId, entryId, jsonPath),
        )
      }),
    )
  })

  it('never throws on any text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const result = read(text)
        expect(typeof result.ok).toBe('boolean')
        for (const prefix of [
          'nomad-desktop://archive/',
          'https://nomad-lab.eu/prod/v1/gui/entry/id/',
        ])
          expect(typeof read(prefix + text).ok).toBe('boolean')
      }),
    )
  })
})
