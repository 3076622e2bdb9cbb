import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post } from '../../sandbox/testing/harness'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

// A server (or the proxy in front of it) that answers an archive with an HTML page instead of
// JSON: archive.read says so in words, and the same viewer works again once the server does.

let env: SandboxCore
let entryId: string

beforeAll(async () => {
  env = await startSandboxCore({ entries: 3 })
  const answer = await post<{ data: { entry_id: string }[] }>(env.sandbox, '/entries/query', {
    owner: 'visible',
    pagination: { page_size: 1 },
  })
  entryId = answer.body.data[0]?.entry_id ?? ''
})

afterAll(async () => {
  await env.close()
})

describe('an archive answered with HTML', () => {
  it('fails with a clear error naming the HTML page, and reads again once the server recovers', async () => {
    // Every archive request meets nginx's HTML "502 Bad Gateway" page; nothing else does.
    env.sandbox.setFaults({ error502Rate: 1, pathPattern: '/archive' })
    const read = { serverId: env.serverId, entryId, path: [] }
    const error = await env.failure('archive.read', read)
    expect(error.code).toBe('server_error')
    expect(error.details?.status).toBe(502)
    // Who failed, on what, and the page's own title; never the page's markup or a parser's words.
    expect(error.message).toMatch(
      new RegExp(
        `reported an error \\(HTTP 502\\) for the archive of entry ${entryId}: 502 Bad Gateway$`,
      ),
    )
    expect(error.message).not.toMatch(/<html|Unexpected token|JSON/i)
    // The viewer asks again (Retry): the same channel answers once the server answers JSON.
    env.sandbox.setFaults({ error502Rate: 0, pathPattern: null })
    const top = await env.call('archive.read', read)
    expect(Object.keys(top.value as object)).toContain('metadata')
  })
})
