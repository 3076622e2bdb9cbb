import { networkInterfaces } from 'node:os'
import { connect } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { contract } from '../../shared/ipc/contract'
import { cookieName } from './request-guard'
import type { HostHandle } from './start-host'
import { WebSocket } from 'ws'
import { connectWs, makeTempDirs, rawGet, rpc, startTestHost } from './test-helpers'
import { CARRIED_LIMIT, rawDataToText } from './ws-bridge'

let dirs: ReturnType<typeof makeTempDirs>
let host: HostHandle
const openSockets: { close(): void }[] = []

beforeEach(async () => {
  dirs = makeTempDirs()
  host = await startTestHost(dirs)
})
afterEach(async () => {
  for (const socket of openSockets.splice(0)) socket.close()
  await host.close()
  dirs.cleanup()
})

const sameOrigin = () => `http://127.0.0.1:${host.port}`
async function openRpc() {
  const result = await connectWs(host.port, { token: host.token, origin: sameOrigin() })
  if (!('socket' in result)) throw new Error(`refused with ${result.refused}`)
  openSockets.push(result.socket)
  return rpc(result.socket)
}

describe('web host: listening', () => {
  it('listens on loopback only', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/)
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)
    if (external) {
      // The same port on a non-loopback address of this machine must refuse connections.
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect({ host: external.address, port: host.port })
        socket.once('connect', () => {
          socket.destroy()
          resolve('connected')
        })
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
      })
      expect(outcome).toBe('ECONNREFUSED')
    }
  })

  it('uses a fresh random token on every start', async () => {
    const other = await startTestHost(makeTempDirs())
    expect(other.token).not.toBe(host.token)
    expect(other.port).not.toBe(host.port)
    await other.close()
  })
})

describe('web host: HTTP requests', () => {
  it('refuses requests without the token, or with a wrong one', async () => {
    expect((await rawGet(host.port, '/')).status).toBe(401)
    expect((await rawGet(host.port, '/assets/app.js')).status).toBe(401)
    expect((await rawGet(host.port, '/?token=wrong')).status).toBe(401)
    const wrongCookie = await rawGet(host.port, '/', { cookie: `${cookieName(host.port)}=nope` })
    expect(wrongCookie.status).toBe(401)
    expect(wrongCookie.body).toContain('open the full URL printed in the terminal')
  })

  it('trades the token for an HttpOnly SameSite=Strict cookie and serves with a CSP', async () => {
    const first = await rawGet(host.port, `/?token=${host.token}`)
    expect(first.status).toBe(303)
    expect(first.headers.location).toBe('/')
    const setCookie = String(first.headers['set-cookie'])
    expect(setCookie).toContain(`${cookieName(host.port)}=${host.token}`)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    const cookie = `${cookieName(host.port)}=${host.token}`
    const page = await rawGet(host.port, '/', { cookie })
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['content-security-policy']).toContain(`ws://127.0.0.1:${host.port}`)
    expect(page.body).toContain('<title>NOMAD Desktop</title>')
    const script = await rawGet(host.port, '/assets/app.js', { cookie })
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
  })

  it('refuses a foreign Host header even with the right token (DNS rebinding)', async () => {
    const forged = await rawGet(host.port, `/?token=${host.token}`, {
      host: `evil.example:${host.port}`,
    })
    expect(forged.status).toBe(403)
    expect(forged.body).toContain('unexpected Host header')
    const otherPort = await rawGet(host.port, `/?token=${host.token}`, {
      host: `127.0.0.1:${host.port + 1}`,
    })
    expect(otherPort.status).toBe(403)
    const localhost = await rawGet(host.port, `/?token=${host.token}`, {
      host: `localhost:${host.port}`,
    })
    expect(localhost.status).toBe(303)
  })

  it('refuses a foreign Origin', async () => {
    const cross = await rawGet(host.port, `/?token=${host.token}`, {
      origin: 'https://evil.example',
    })
    expect(cross.status).toBe(403)
    expect(cross.body).toContain('foreign Origin')
  })

  it('never serves files outside the renderer folder', async () => {
    const cookie = `${cookieName(host.port)}=${host.token}`
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
      const res = await rawGet(host.port, path, { cookie })
      expect(res.status).toBe(404)
      expect(res.body).not.toContain('outside the renderer')
    }
  })
})

describe('web host: WebSocket', () => {
  it('refuses an upgrade without the token or with a wrong one', async () => {
    expect(await connectWs(host.port, { origin: sameOrigin() })).toEqual({ refused: 401 })
    expect(await connectWs(host.port, { origin: sameOrigin(), token: 'wrong' })).toEqual({
      refused: 401,
    })
  })

  it('refuses a wrong or missing Origin', async () => {
    expect(
      await connectWs(host.port, { token: host.token, origin: 'https://evil.example' }),
    ).toEqual({ refused: 403 })
    expect(
      await connectWs(host.port, {
        token: host.token,
        origin: `http://127.0.0.1:${host.port + 1}`,
      }),
    ).toEqual({ refused: 403 })
    expect(await connectWs(host.port, { token: host.token })).toEqual({ refused: 403 })
  })

  it('refuses a foreign Host header', async () => {
    expect(
      await connectWs(host.port, {
        token: host.token,
        origin: `http://evil.example:${host.port}`,
        host: `evil.example:${host.port}`,
      }),
    ).toEqual({ refused: 403 })
  })

  it('accepts the session cookie instead of the query token', async () => {
    const result = await connectWs(host.port, {
      origin: sameOrigin(),
      cookie: `${cookieName(host.port)}=${host.token}`,
    })
    expect('socket' in result).toBe(true)
    if ('socket' in result) result.socket.close()
  })

  it('serves every contract channel through the router', async () => {
    const client = await openRpc()
    for (const channel of Object.keys(contract.channels)) {
      const result = await client.call(channel, { __not_an_input__: true })
      expect(result.error?.code, channel).toBe('invalid_input')
    }
    expect((await client.call('servers.drop', {})).error?.code).toBe('unknown_channel')
    expect(await client.call('app.info', {})).toMatchObject({
      ok: true,
      value: { mode: 'web', name: 'NOMAD Desktop' },
    })
  })

  it('answers the calls carried by the upgrade request before any frame is sent', async () => {
    const carried = [
      { id: 'e1', channel: 'app.info', input: {} },
      { id: 'e2', channel: 'app.info', input: { __not_an_input__: true } },
    ]
    const url = `ws://127.0.0.1:${host.port}/ipc?token=${encodeURIComponent(host.token)}&calls=${encodeURIComponent(JSON.stringify(carried))}`
    const socket = new WebSocket(url, { origin: sameOrigin() })
    openSockets.push(socket)
    type Reply = { id: string; result: { ok: boolean; error?: { code: string } } }
    const replies: Reply[] = []
    socket.on('message', (data: WebSocket.RawData) =>
      replies.push(JSON.parse(rawDataToText(data)) as Reply),
    )
    await expect.poll(() => replies.length).toBe(2)
    expect(replies.find((r) => r.id === 'e1')?.result).toMatchObject({ ok: true })
    expect(replies.find((r) => r.id === 'e2')?.result.error?.code).toBe('invalid_input')
  })

  it('ignores a calls parameter that is not a JSON array, or too long, and serves the socket', async () => {
    for (const calls of ['{not json', '{"id":"e1"}', JSON.stringify(['x'.repeat(CARRIED_LIMIT)])]) {
      const url = `ws://127.0.0.1:${host.port}/ipc?token=${encodeURIComponent(host.token)}&calls=${encodeURIComponent(calls)}`
      const socket = new WebSocket(url, { origin: sameOrigin() })
      openSockets.push(socket)
      const client = rpc(socket)
      await new Promise((open) => socket.once('open', open))
      expect(await client.call('app.info', {})).toMatchObject({ ok: true })
    }
  })

  it('broadcasts events to every connected renderer', async () => {
    const a = await openRpc()
    const b = await openRpc()
    const added = await a.call('servers.add', {
      name: 'Lab',
      baseUrl: 'http://localhost:8000/api/v1',
    })
    expect(added.ok).toBe(true)
    await expect.poll(() => b.events.some((e) => e.event === 'servers.changed')).toBe(true)
  })
})

describe('web host: persistence', () => {
  it('keeps server profiles after a restart on the same data folder', async () => {
    const client = await openRpc()
    await client.call('servers.add', {
      name: 'Group Oasis',
      baseUrl: 'https://oasis.example.org/api/v1',
      note: 'lab',
    })
    await client.call('settings.update', { appearance: { theme: 'dark' } })
    for (const socket of openSockets.splice(0)) socket.close()
    await host.close()
    host = await startTestHost(dirs)
    const again = await openRpc()
    const list = await again.call('servers.list', {})
    expect(list.value).toMatchObject({
      servers: [{ name: 'NOMAD (public)' }, { name: 'Group Oasis', note: 'lab' }],
    })
    expect((await again.call('settings.get', {})).value).toEqual({ appearance: { theme: 'dark' } })
  })
})
