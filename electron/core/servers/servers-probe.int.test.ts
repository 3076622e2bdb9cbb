import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

/** A loopback port that was free a moment ago and has no listener now: connections are refused. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

let h: SandboxCore
beforeAll(async () => {
  h = await startSandboxCore()
})
afterAll(() => h.close())

describe('servers.probe (the Add server form checks an address before saving it)', () => {
  it('reports a NOMAD API that answers as online with its version', async () => {
    const status = await h.call('servers.probe', { baseUrl: h.sandbox.baseUrl })
    expect(status.state).toBe('online')
    expect(status.version).toMatch(/\S/)
  })

  it('says the connection was refused on a closed loopback port', async () => {
    const port = await closedPort()
    const status = await h.call('servers.probe', { baseUrl: `http://127.0.0.1:${port}/api/v1` })
    expect(status.state).toBe('offline')
    expect(status.message).toMatch(/refused/i)
  })

  it('says the name could not be looked up for a .invalid address', async () => {
    const status = await h.call('servers.probe', {
      baseUrl: 'https://does-not-exist.invalid/api/v1',
    })
    expect(status.state).toBe('offline')
    expect(status.message).toMatch(/look up does-not-exist\.invalid/i)
  })

  it('says an address without a NOMAD API is not one', async () => {
    const status = await h.call('servers.probe', {
      baseUrl: h.sandbox.baseUrl.replace('/api/v1', '/nothing/v1'),
    })
    expect(status.state).toBe('error')
    expect(status.message).toMatch(/No NOMAD API at this address/)
  })

  it('keeps nothing: the profile list is unchanged and a bad address is refused', async () => {
    const before = await h.call('servers.list', {})
    await h.call('servers.probe', { baseUrl: h.sandbox.baseUrl })
    expect(await h.call('servers.list', {})).toEqual(before)
    const bad = await h.failure('servers.probe', { baseUrl: 'ftp://example.org' })
    expect(bad.code).toBe('invalid_input')
  })
})
