import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox'
import { post, testSandbox } from '../../sandbox/testing/harness'

// The queries the query builder writes (renderer/screens/search/model/echo-cases.ts) are pinned
// with their normalised form in echo-cases.pinned.ts; the renderer test checks the builder and
// normalizeQuery against that file, this test checks the server's echo against it. The import is
// dynamic because the renderer is another TypeScript project.
const PINNED = resolve(
  import.meta.dirname,
  '../../../renderer/screens/search/model/echo-cases.pinned.ts',
)
const { PINNED_ECHOES: cases } = (await import(pathToFileURL(PINNED).href)) as {
  PINNED_ECHOES: Record<string, { query: unknown; echo: unknown }>
}

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await testSandbox({ entries: 300 })
})
afterAll(() => sandbox.close())

describe('the sandbox echoes each builder query exactly as pinned', () => {
  it('has cases', () => expect(Object.keys(cases).length).toBeGreaterThan(5))
  for (const [name, { query, echo }] of Object.entries(cases)) {
    it(name, async () => {
      const response = await post<{ query: unknown }>(sandbox, '/entries/query', {
        owner: 'public',
        query,
        pagination: { page_size: 0 },
      })
      expect(response.status).toBe(200)
      expect(response.body.query).toEqual(echo)
    })
  }
})
