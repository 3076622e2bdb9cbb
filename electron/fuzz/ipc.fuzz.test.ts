import fc from 'fast-check'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { contract } from '../../shared/ipc/contract'
import { startHostProcess, type HostProcess } from './host-process'
import {
  fuzzParameters,
  hostileInput,
  render,
  renderInput,
  schemaPaths,
  type HostileInput,
} from './hostile-values'
import { FuzzClient, type Reply } from './ws-client'

/**
 * Every contract channel, through the real web host over its WebSocket, with generated hostile
 * input. The channel list and each channel's field paths come from shared/ipc's contract, so a
 * new or renamed channel is covered without a new test. After each batch: the host process is
 * alive, answers app.info within a second, and its memory is back within bounds.
 */

/** Memory the host may keep above its idle level after a batch (caches, JIT code). */
const RSS_HEADROOM = 200 * 1024 * 1024
const channels = Object.keys(contract.channels) as (keyof typeof contract.channels)[]

let host: HostProcess | null = null
let client: FuzzClient | null = null
let baseline = 0

async function answersInfo(process: HostProcess): Promise<boolean> {
  if (process.exit() !== null) return false
  const probe = new FuzzClient(process)
  try {
    const reply = await probe.invoke('app.info', '{}', 2000)
    return reply !== 'closed' && reply.result.ok
  } catch {
    return false
  } finally {
    probe.close()
  }
}

/** The host, restarted if an earlier test killed it, so each channel's findings stand alone. */
async function running(): Promise<{ host: HostProcess; client: FuzzClient }> {
  if (!host || !(await answersInfo(host))) {
    await host?.stop()
    client?.close()
    host = await startHostProcess()
    client = new FuzzClient(host)
    await client.invoke('app.info', '{}')
    host.collect()
    await new Promise((done) => setTimeout(done, 200))
    baseline = host.rss()
  }
  if (!client) throw new Error('no client')
  return { host, client }
}

function describeDeath(process: HostProcess): string {
  return `the host died (${process.exit()}):\n${process.stderrTail()}`
}

/** A reply must be a result, and a failure must carry a specific code. */
function expectAnswer(process: HostProcess, reply: Reply | 'closed', what: string): void {
  if (reply === 'closed')
    throw new Error(`${what}: the connection closed. ${describeDeath(process)}`)
  if (!reply.result.ok)
    expect(reply.result.error?.code, `${what}: ${reply.result.error?.message}`).not.toBe('internal')
}

async function expectHealthy(process: HostProcess, what: string): Promise<void> {
  expect(process.exit(), `${what}: ${describeDeath(process)}`).toBeNull()
  const probe = new FuzzClient(process)
  const started = Date.now()
  try {
    const reply = await probe.invoke('app.info', '{}', 1000)
    expect(reply !== 'closed' && reply.result.ok, `${what}: app.info did not answer`).toBe(true)
  } finally {
    probe.close()
  }
  expect(Date.now() - started, `${what}: app.info took too long`).toBeLessThan(1000)
  let rss = process.rss()
  for (let attempt = 0; attempt < 10 && rss > baseline + RSS_HEADROOM; attempt++) {
    process.collect()
    await new Promise((done) => setTimeout(done, 300))
    rss = process.rss()
  }
  expect(rss, `${what}: RSS ${Math.round(rss / 2 ** 20)} MB after the batch`).toBeLessThanOrEqual(
    baseline + RSS_HEADROOM,
  )
}

/** The reproduction of issue #12 and its kin, at every field path, as fixed examples. */
function examplesFor(paths: string[][]): [HostileInput][] {
  return paths.flatMap((path) => [
    [{ at: [{ path, value: { kind: 'deepObject', depth: 2000 } }], extra: [], whole: null }],
    [{ at: [{ path, value: { kind: 'deepArray', depth: 3000 } }], extra: [], whole: null }],
    [
      {
        at: [{ path, value: { kind: 'loneSurrogate', text: 'id', high: true } }],
        extra: [],
        whole: null,
      },
    ],
  ])
}

describe('IPC contract under hostile input', { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await running()
  }, 60_000)
  afterAll(async () => {
    client?.close()
    await host?.stop()
  })

  it.each(channels)('%s answers hostile inputs with a specific code and survives', async (name) => {
    const { host: process, client: ws } = await running()
    const paths = schemaPaths(contract.channels[name].input)
    await fc.assert(
      fc.asyncProperty(hostileInput(paths), async (input) => {
        const reply = await ws.invoke(name, renderInput(input))
        expectAnswer(process, reply, name)
      }),
      { ...fuzzParameters(), examples: examplesFor(paths) },
    )
    await expectHealthy(process, name)
  })

  it('answers a query nested 2 000 deep with invalid_input naming the limit (issue #12)', async () => {
    const { host: process, client: ws } = await running()
    const withQuery = channels.flatMap((name) =>
      schemaPaths(contract.channels[name].input)
        .filter((path) => path[path.length - 1] === 'query')
        .map((path) => [name, path] as const),
    )
    expect(withQuery.length).toBeGreaterThan(3)
    for (const [name, path] of withQuery) {
      const input = { at: [{ path, value: { kind: 'deepObject', depth: 2000 } as const }] }
      const reply = await ws.invoke(name, renderInput({ ...input, extra: [], whole: null }))
      if (reply === 'closed') throw new Error(describeDeath(process))
      expect(reply.result.ok, name).toBe(false)
      expect(reply.result.error?.code, name).toBe('invalid_input')
      expect(reply.result.error?.message, name).toMatch(/deeper than the limit of (32|64) levels/)
    }
    await expectHealthy(process, 'deep queries')
  })

  it('closes the connection on a 10 MB frame for every channel, and lives', async () => {
    const { host: process, client: ws } = await running()
    const big = render({ kind: 'bigString', length: 10 * 1024 * 1024 })
    for (const name of channels) {
      const path = schemaPaths(contract.channels[name].input)[0]
      const input = path
        ? renderInput({
            at: [{ path, value: { kind: 'json', value: 0 } }],
            extra: [],
            whole: null,
          }).replace('0', big)
        : big
      const reply = await ws.invoke(name, input)
      expect(reply, `${name}: a 10 MB frame was answered instead of refused`).toBe('closed')
      expect(process.exit(), describeDeath(process)).toBeNull()
    }
    await expectHealthy(process, '10 MB frames')
  })

  it('ignores or refuses invalid frames', async () => {
    const { host: process, client: ws } = await running()
    const long = 'x'.repeat(10_000)
    const answered = (id: string, rest: string) => `{"id":${JSON.stringify(id)},${rest}}`
    const noReply = [
      '',
      'not json',
      '[]',
      'null',
      '1',
      '"text"',
      '{}',
      '{"id":1}',
      '{"cancel":{}}',
      '{"cancel":"nope"}',
      '{"cancel":"' + long + '"}',
      '{"__proto__":{"id":"p1","channel":"app.info","input":{}}}',
      '['.repeat(100_000) + ']'.repeat(100_000),
      '{"id":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
    ]
    for (const text of noReply) await ws.sendRaw(text)
    await ws.sendRaw(Buffer.from('{"id":"b1","channel":"app.info","input":{}}'), true)
    const withId: [string, string][] = [
      ['m1', '"channel":"app.info"'],
      ['m2', '"channel":"__proto__","input":{}'],
      ['m3', '"channel":"constructor","input":{}'],
      ['m4', '"channel":"toString","input":{}'],
      ['m5', '"channel":"hasOwnProperty","input":{}'],
      ['m6', `"channel":"${long}","input":{}`],
      ['m7', '"channel":"app.info","input":{},"extra":1'],
      ['m8', '"channel":"app.info","input":' + render({ kind: 'deepObject', depth: 5000 })],
      ['m9', '"channel":"\\ud800","input":{}'],
      ['m10', '"channel":' + render({ kind: 'deepArray', depth: 5000 }) + ',"input":{}'],
    ]
    for (const [id, rest] of withId) {
      const pending = ws.reply(id, 5000)
      await ws.sendRaw(answered(id, rest))
      expectAnswer(process, await pending, `frame ${id}`)
    }
    // A lone surrogate in the id itself: answered or ignored, never fatal.
    await ws.sendRaw('{"id":"\\ud800","channel":"app.info","input":{}}')
    await ws.sendRaw('{"id":"' + long + '","channel":"app.info","input":{}}')
    await expectHealthy(process, 'invalid frames')
  })

  it('survives a flood of hostile calls, duplicate ids and cancels', async () => {
    const { host: process, client: ws } = await running()
    const deep = render({ kind: 'deepObject', depth: 2000 })
    const pending: Promise<Reply>[] = []
    for (let i = 0; i < 600; i++) {
      const id = `flood${i % 500}`
      const channel = channels[i % channels.length] ?? 'app.info'
      if (i < 500) pending.push(ws.reply(id, 30_000))
      const input = i % 3 === 0 ? `{"serverId":"public","owner":"visible","query":${deep}}` : '{}'
      await ws.sendRaw(`{"id":"${id}","channel":"${channel}","input":${input}}`)
      if (i % 7 === 0) await ws.sendRaw(`{"cancel":"${id}"}`)
    }
    for (const reply of await Promise.all(pending)) expectAnswer(process, reply, reply.id)
    await expectHealthy(process, 'flood')
  })
})
