import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadRecordings, type RecordedPair } from '../conformance/recordings'
import type { Sandbox } from '../index'
import { call, login, testSandbox } from '../testing/harness'

/**
 * The recorded group listings, answered the way the real server answered them: for each
 * recording file, the groups its answers show are created in the sandbox (owners and members
 * mapped to demo users), every recorded GET /groups of that file is replayed with ids mapped,
 * and the answer must hold exactly the recorded groups, in the recorded order. Covers the three
 * filters (group_id repeated, user_id as owner or member, search_terms) and a deleted group.
 */
interface RecordedGroup {
  group_id: string
  group_name: string
  owner: string
  members: string[]
}

// The GUI's test users → demo users (as conformance/translate.ts maps them).
const USERS: Record<string, string> = {
  '68878af7-6845-46c0-b2c1-250d4d8eb470': 'lena',
  'a03af8b6-3aa7-428a-b3b1-4a6317e576b6': 'omar',
  '54cb1f64-f84e-4815-9ade-440ce0b5430f': 'mei',
  'c97facc2-92ec-4fa6-80cf-a08ed957255b': 'admin',
}

const listings = loadRecordings().filter((p) => p.method === 'GET' && p.path === '/groups')
const byFile = new Map<string, RecordedPair[]>()
for (const pair of listings) byFile.set(pair.file, [...(byFile.get(pair.file) ?? []), pair])

const groupsIn = (pair: RecordedPair) => (pair.response as { data: RecordedGroup[] }).data

let sandbox: Sandbox
const tokens = new Map<string, string>()
const userIds = new Map<string, string>()

beforeAll(async () => {
  sandbox = await testSandbox({ entries: 20 })
  for (const [recorded, username] of Object.entries(USERS)) {
    const account = sandbox.demoUsers.find((u) => u.username === username)
    if (!account) throw new Error(`no demo user ${username}`)
    userIds.set(recorded, account.user_id)
    tokens.set(recorded, await login(sandbox, username))
  }
})

afterAll(async () => {
  await sandbox.close()
})

const mapUser = (recorded: string) => userIds.get(recorded) ?? recorded

describe('recorded GET /groups', () => {
  it('covers every filter the recordings use', () => {
    const keys = new Set(listings.flatMap((p) => p.params.map(([key]) => key)))
    expect([...keys].sort()).toEqual(['group_id', 'search_terms', 'user_id'])
  })

  for (const [file, pairs] of byFile) {
    it(`answers like the real server: ${file}`, async () => {
      // The world of this recording: every group one of its answers shows, oldest id first.
      const world = new Map<string, RecordedGroup>()
      for (const pair of pairs) for (const g of groupsIn(pair)) world.set(g.group_id, g)
      const order = [...world.values()].sort(
        (a, b) => Number(a.group_id.replace(/\D/g, '')) - Number(b.group_id.replace(/\D/g, '')),
      )
      const created = new Map<string, string>()
      for (const g of order) {
        const reply = await call<{ group_id: string }>(sandbox, 'POST', '/groups', {
          token: tokens.get(g.owner) ?? null,
          body: { group_name: g.group_name, members: g.members.map(mapUser) },
        })
        expect(reply.status).toBe(201)
        created.set(g.group_id, reply.body.group_id)
      }
      const recordedId = new Map([...created].map(([r, s]) => [s, r]))
      for (const pair of pairs) {
        const params = new URLSearchParams(
          pair.params.map(([key, value]): [string, string] => [
            key,
            key === 'group_id'
              ? (created.get(value) ?? `deleted-${value}`)
              : key === 'user_id'
                ? mapUser(value)
                : value,
          ]),
        )
        const reply = await call<{ data: RecordedGroup[] }>(
          sandbox,
          'GET',
          `/groups?${params.toString()}`,
        )
        expect(reply.status).toBe(pair.status)
        // Only this recording's groups: demo groups and other files' worlds are not in it.
        const answer = reply.body.data
          .filter((g) => recordedId.has(g.group_id))
          .map((g) => ({ ...g, group_id: recordedId.get(g.group_id) }))
        const expected = groupsIn(pair).map((g) => ({
          ...g,
          owner: mapUser(g.owner),
          members: g.members.map(mapUser),
        }))
        expect(answer, `${pair.path}?${params.toString()}`).toEqual(expected)
      }
      // Leave no trace for the next file's world.
      for (const [recorded, id] of created) {
        const owner = world.get(recorded)?.owner ?? ''
        await call(sandbox, 'DELETE', `/groups/${id}`, { token: tokens.get(owner) ?? null })
      }
    })
  }
})
