import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { UploadEditBody } from './uploads'
import { failure } from '../test-support/failure'
import { startSession } from '../test-support/sandbox-session'

// The JSON endpoints added for raw-file listings over a query, single users and upload member
// edits, against the sandbox: decoding, pagination, a full edit round trip, and the mapping of
// the edit's refusals (missing scope, no write access, invalid body).

let session: Awaited<ReturnType<typeof startSession>>
const userId = (username: string) => {
  const account = session.sandbox.demoUsers.find((u) => u.username === username)
  if (account === undefined) throw new Error(`no demo user ${username}`)
  return account.user_id
}

beforeAll(async () => {
  session = await startSession()
})
afterAll(() => session.close())
beforeEach(() => {
  session.credentials.given.auto = undefined
  session.credentials.given.identity = undefined
  session.credentials.unauthorized.length = 0
})

describe('raw-file listings over a query', () => {
  it('POST /entries/rawdir/query pages with the cursor through exactly the matching entries', async () => {
    const first = await session.client.entries.query({ pagination: { page_size: 1 } })
    const uploadId = first.data[0]?.upload_id ?? ''
    const query = { upload_id: uploadId }
    const all = await session.client.entries.query({
      query,
      pagination: { page_size: 1000, order_by: 'entry_id' },
      required: { include: ['entry_id'] },
    })
    expect(all.pagination.total).toBeGreaterThan(3)

    const seen: string[] = []
    let after: string | undefined
    let pages = 0
    for (;;) {
      const page = await session.client.files.entriesRawdirQuery({
        query,
        pagination: { page_size: 3, ...(after === undefined ? {} : { page_after_value: after }) },
      })
      pages += 1
      expect(page.pagination.total).toBe(all.pagination.total)
      expect(page.data.length).toBeLessThanOrEqual(3)
      for (const folder of page.data) {
        expect(folder.upload_id).toBe(uploadId)
        expect(folder.files.map((f) => f.path)).toContain(folder.mainfile)
      }
      seen.push(...page.data.map((folder) => folder.entry_id))
      after = page.pagination.next_page_after_value ?? undefined
      if (after === undefined) break
    }
    expect(pages).toBe(Math.ceil(all.pagination.total / 3))
    expect(seen).toEqual(all.data.map((e) => e.entry_id))
  })

  it('GET /entries/rawdir takes the query as parameters and lists the same folder as /entries/{id}/rawdir', async () => {
    const first = await session.client.entries.query({ pagination: { page_size: 1 } })
    const entryId = first.data[0]?.entry_id ?? ''
    const page = await session.client.files.entriesRawdir({ entry_id: entryId, owner: 'public' })
    expect(page.owner).toBe('public')
    expect(page.pagination.total).toBe(1)
    const one = await session.client.files.entryRawdir(entryId)
    expect(page.data).toEqual([one.data])
  })
})

describe('users', () => {
  it('GET /users/{id} decodes the public record, without e-mail', async () => {
    const found = await session.client.users.get(userId('lena'))
    expect(found).toMatchObject({
      user_id: userId('lena'),
      username: 'lena',
      first_name: 'Lena',
      last_name: 'Hoffmann',
      name: 'Lena Hoffmann',
    })
    expect(found).not.toHaveProperty('email')
  })

  it('an unknown user is not_found', async () => {
    const error = await failure(session.client.users.get('no-such-user'))
    expect(error.code).toBe('not_found')
  })
})

describe('POST /uploads/{id}/edit', () => {
  async function lenasUnpublishedUpload() {
    session.credentials.given.auto = await session.signIn('lena')
    const mine = await session.client.uploads.list({
      roles: 'main_author',
      is_published: false,
      page_size: 100,
    })
    const upload = mine.data.find((u) => !(u.reviewers ?? []).includes(userId('paul')))
    if (upload === undefined) throw new Error('lena has no unpublished upload to edit')
    return upload
  }

  it('round-trips members: a list replaces, add/remove edit, and GET shows the result', async () => {
    const upload = await lenasUnpublishedUpload()
    const original = {
      coauthors: upload.coauthors ?? [],
      reviewers: upload.reviewers ?? [],
    }
    const added = await session.client.uploads.edit(upload.upload_id, {
      metadata: { reviewers: { add: userId('paul') } },
    })
    expect(added.upload_id).toBe(upload.upload_id)
    expect(added.data.reviewers).toContain(userId('paul'))
    expect((await session.client.uploads.get(upload.upload_id)).data.viewers).toContain(
      userId('paul'),
    )

    const replaced = await session.client.uploads.edit(upload.upload_id, {
      metadata: { coauthors: [userId('omar')], reviewers: { remove: [userId('paul')] } },
    })
    expect(replaced.data.coauthors).toEqual([userId('omar')])
    expect(replaced.data.reviewers).not.toContain(userId('paul'))

    const restored = await session.client.uploads.edit(upload.upload_id, { metadata: original })
    expect(restored.data.coauthors).toEqual(original.coauthors)
    expect((await session.client.uploads.get(upload.upload_id)).data.reviewers).toEqual(
      original.reviewers,
    )
  })

  it('a token without uploads:write → forbidden naming the scope', async () => {
    const upload = await lenasUnpublishedUpload()
    session.credentials.given.auto = await session.createPat(['uploads:read'], 'reader')
    const error = await failure(
      session.client.uploads.edit(upload.upload_id, { metadata: { coauthors: [] } }),
    )
    expect(error.code).toBe('forbidden')
    expect(error.details?.status).toBe(403)
    expect(error.details?.missingScopes).toEqual(['uploads:write'])
    expect(error.message).toBe(
      "This needs the scope uploads:write, which the token 'reader' does not have.",
    )
  })

  it('no write access (the server says 401) → forbidden, and the token is not marked refused', async () => {
    const upload = await lenasUnpublishedUpload()
    await session.client.uploads.edit(upload.upload_id, {
      metadata: { reviewers: { add: userId('paul') } },
    })
    try {
      session.credentials.given.auto = await session.signIn('paul')
      const error = await failure(
        session.client.uploads.edit(upload.upload_id, { metadata: { coauthors: [] } }),
      )
      expect(error.code).toBe('forbidden')
      expect(error.details?.status).toBe(401)
      expect(error.details?.serverMessage).toBe(
        'You do not have write access to the specified upload.',
      )
      expect(session.credentials.unauthorized).toEqual([])
    } finally {
      session.credentials.given.auto = await session.signIn('lena')
      await session.client.uploads.edit(upload.upload_id, {
        metadata: { reviewers: { remove: userId('paul') } },
      })
    }
  })

  it('without a sign-in → auth_required', async () => {
    const upload = await lenasUnpublishedUpload()
    session.credentials.given.auto = undefined
    const error = await failure(
      session.client.uploads.edit(upload.upload_id, { metadata: { coauthors: [] } }),
    )
    expect(error.code).toBe('auth_required')
  })

  it('an invalid body → 422 → invalid_input with the path of the bad field', async () => {
    const upload = await lenasUnpublishedUpload()
    const bad = { metadata: { coauthors: 7 } } as unknown as UploadEditBody
    const error = await failure(session.client.uploads.edit(upload.upload_id, bad))
    expect(error.code).toBe('invalid_input')
    expect(error.details?.status).toBe(422)
    expect(error.details?.path).toEqual(['metadata', 'coauthors'])
  })

  it('an unknown member → invalid_input with the server detail', async () => {
    const upload = await lenasUnpublishedUpload()
    const error = await failure(
      session.client.uploads.edit(upload.upload_id, { metadata: { coauthors: ['nobody'] } }),
    )
    expect(error.code).toBe('invalid_input')
    expect(error.details?.serverMessage).toBe('The user nobody does not exist.')
  })
})
