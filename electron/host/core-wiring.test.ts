import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { HostHandle } from './start-host'
import { connectWs, makeTempDirs, rpc, startTestHost } from './test-helpers'

/** The port opens before core is loaded (host-core.ts); callers must never notice the gap. */

let dirs: ReturnType<typeof makeTempDirs> | undefined
let host: HostHandle | undefined

afterEach(async () => {
  await host?.close()
  dirs?.cleanup()
  host = undefined
  dirs = undefined
})

describe('web host: core loads after the port opens', () => {
  it('answers a call sent at once, before core is ready, with core’s answer', async () => {
    dirs = makeTempDirs()
    host = await startTestHost(dirs)
    const origin = `http://127.0.0.1:${host.port}`
    const connected = await connectWs(host.port, { token: host.token, origin })
    if (!('socket' in connected)) throw new Error(`refused with ${connected.refused}`)
    const answer = await rpc(connected.socket).call('app.info', {})
    expect(answer).toMatchObject({ ok: true, value: { mode: 'web', name: 'NOMAD Desktop' } })
    await expect(host.ready).resolves.toBeDefined()
    connected.socket.close()
  })

  it('reports a core that cannot start through `ready`, and refuses the connection', async () => {
    dirs = makeTempDirs()
    mkdirSync(dirs.dataDir, { recursive: true })
    writeFileSync(join(dirs.dataDir, 'settings.json'), '{ not json')
    host = await startTestHost(dirs)
    await expect(host.ready).rejects.toThrow(/Could not read the settings file/)
    const origin = `http://127.0.0.1:${host.port}`
    expect(await connectWs(host.port, { token: host.token, origin })).toEqual({ refused: 503 })
  })
})
