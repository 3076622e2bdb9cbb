import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  BIG_FRAME,
  CARRIED_MAX,
  createWsTransport,
  wsUrlFor,
  type SocketLike,
} from './ws-transport'

/** A scripted WebSocket: the test opens, answers and drops it. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = []
  readyState = 0
  sent: unknown[] = []
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onerror: SocketLike['onerror'] = null
  onmessage: SocketLike['onmessage'] = null
  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {}
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) })
  }
  drop() {
    this.readyState = 3
    this.onclose?.({})
  }
}

beforeEach(() => {
  FakeSocket.all = []
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

/** A transport whose first socket exists: it connects at the end of the task that made it. */
async function make() {
  const transport = createWsTransport({
    url: 'ws://127.0.0.1:1/ipc',
    createSocket: (url) => new FakeSocket(url),
    backoff: { initialMs: 100, maxMs: 1000 },
    random: () => 1,
  })
  await Promise.resolve()
  return transport
}

describe('WebSocket transport', () => {
  it('queues calls until the socket opens, then matches replies by id', async () => {
    const transport = await make()
    const socket = FakeSocket.all[0]!
    expect(transport.connection()).toBe('connecting')
    const reply = transport.invoke('app.info', {}, 'c1')
    expect(socket.sent).toEqual([])
    socket.open()
    expect(socket.sent).toEqual([{ id: 'c1', channel: 'app.info', input: {} }])
    socket.receive({ id: 'c1', result: { ok: true, value: 42 } })
    expect(await reply).toEqual({ ok: true, value: 42 })
  })

  it('delivers events to subscribers of that event only', async () => {
    const transport = await make()
    const socket = FakeSocket.all[0]!
    socket.open()
    const seen: unknown[] = []
    const off = transport.subscribe('app.status', (p) => seen.push(p))
    socket.receive({ event: 'app.status', payload: { a: 1 } })
    socket.receive({ event: 'servers.changed', payload: { b: 2 } })
    off()
    socket.receive({ event: 'app.status', payload: { a: 3 } })
    expect(seen).toEqual([{ a: 1 }])
  })

  it('sends a cancel frame for a pending call', async () => {
    const transport = await make()
    const socket = FakeSocket.all[0]!
    socket.open()
    void transport.invoke('servers.check', { id: 'x' }, 'c9')
    transport.cancel('c9')
    expect(socket.sent.at(-1)).toEqual({ cancel: 'c9' })
  })

  it('fails pending and new calls while the host is lost, then reconnects with backoff', async () => {
    const transport = await make()
    const states: string[] = []
    transport.onConnectionChange((s) => states.push(s))
    FakeSocket.all[0]!.open()
    const pending = transport.invoke('app.info', {}, 'c1')
    FakeSocket.all[0]!.drop()
    expect(await pending).toMatchObject({ ok: false, error: { code: 'network' } })
    expect(await transport.invoke('app.info', {}, 'c2')).toMatchObject({
      ok: false,
      error: { code: 'network', message: expect.stringContaining('npm run web') as unknown },
    })
    expect(FakeSocket.all).toHaveLength(1)
    vi.advanceTimersByTime(100)
    expect(FakeSocket.all).toHaveLength(2)
    FakeSocket.all[1]!.drop()
    vi.advanceTimersByTime(100)
    expect(FakeSocket.all).toHaveLength(2) // the second wait is longer
    vi.advanceTimersByTime(100)
    expect(FakeSocket.all).toHaveLength(3)
    FakeSocket.all[2]!.open()
    expect(states).toEqual(['open', 'lost', 'open'])
  })
})

describe('calls made before the first connection', () => {
  it('travel in its upgrade request and are not sent again once it opens', async () => {
    const transport = createWsTransport({
      url: 'ws://127.0.0.1:1/ipc?token=t',
      createSocket: (url) => new FakeSocket(url),
    })
    const startup = transport.invoke('app.startup', {}, 'c1')
    await Promise.resolve()
    const socket = FakeSocket.all[0]!
    const url = new URL(socket.url)
    expect(url.searchParams.get('token')).toBe('t')
    expect(JSON.parse(url.searchParams.get('calls') ?? '')).toEqual([
      { id: 'c1', channel: 'app.startup', input: {} },
    ])
    // The host may answer before the page has seen the socket open.
    socket.receive({ id: 'c1', result: { ok: true, value: 'ready' } })
    expect(await startup).toEqual({ ok: true, value: 'ready' })
    const later = transport.invoke('app.info', {}, 'c2')
    socket.open()
    expect(socket.sent).toEqual([{ id: 'c2', channel: 'app.info', input: {} }])
    socket.receive({ id: 'c2', result: { ok: true, value: 1 } })
    expect(await later).toEqual({ ok: true, value: 1 })
  })

  it('beyond CARRIED_MAX wait for the open socket, in their order', async () => {
    const transport = createWsTransport({
      url: 'ws://127.0.0.1:1/ipc',
      createSocket: (url) => new FakeSocket(url),
    })
    void transport.invoke('app.startup', {}, 'c1')
    void transport.invoke('app.info', { text: 'x'.repeat(CARRIED_MAX) }, 'c2')
    void transport.invoke('app.info', {}, 'c3')
    await Promise.resolve()
    const socket = FakeSocket.all[0]!
    const carried = JSON.parse(new URL(socket.url).searchParams.get('calls') ?? '') as unknown[]
    expect(carried).toEqual([{ id: 'c1', channel: 'app.startup', input: {} }])
    socket.open()
    expect(socket.sent.map((frame) => (frame as { id: string }).id)).toEqual(['c2', 'c3'])
  })

  it('travel in a URL only on channels that carry no secret', async () => {
    const transport = createWsTransport({
      url: 'ws://127.0.0.1:1/ipc',
      createSocket: (url) => new FakeSocket(url),
    })
    void transport.invoke('tokens.store', { secret: 's3cr3t' }, 'c1')
    void transport.invoke('app.startup', {}, 'c2')
    await Promise.resolve()
    const socket = FakeSocket.all[0]!
    expect(socket.url).not.toContain('s3cr3t')
    expect(socket.url).toBe('ws://127.0.0.1:1/ipc')
    socket.open()
    expect(socket.sent.map((frame) => (frame as { id: string }).id)).toEqual(['c1', 'c2'])
  })

  it('leave the URL alone when there are none', async () => {
    await make()
    expect(FakeSocket.all[0]?.url).toBe('ws://127.0.0.1:1/ipc')
  })
})

describe('wsUrlFor', () => {
  it('points at /ipc on the page origin, passing a token only when the page has one', () => {
    expect(wsUrlFor({ protocol: 'http:', host: '127.0.0.1:4000', search: '' })).toBe(
      'ws://127.0.0.1:4000/ipc',
    )
    expect(wsUrlFor({ protocol: 'http:', host: 'localhost:4000', search: '?token=a+b' })).toBe(
      'ws://localhost:4000/ipc?token=a%20b',
    )
  })
})

describe('big frames', () => {
  it('are parsed off the UI thread, and the frames after one wait for it', async () => {
    const offThread: { text: string; resolve: (value: unknown) => void }[] = []
    const transport = createWsTransport({
      url: 'ws://127.0.0.1:1/ipc',
      createSocket: (url) => new FakeSocket(url),
      parseOffThread: (text) => new Promise((resolve) => offThread.push({ text, resolve })),
    })
    await Promise.resolve()
    const socket = FakeSocket.all[0]!
    socket.open()
    const seen: string[] = []
    transport.subscribe('app.status', (p) => seen.push(p as string))
    const big = 'x'.repeat(BIG_FRAME)
    const copy = transport.invoke('archive.json', {}, 'c1')
    void copy.then(() => seen.push('answer'))
    socket.receive({ id: 'c1', result: { ok: true, value: { text: big } } })
    socket.receive({ event: 'app.status', payload: 'after' })
    // The big answer is with the worker; the small event behind it waits.
    expect(offThread).toHaveLength(1)
    expect(seen).toEqual([])
    offThread[0]?.resolve(JSON.parse(offThread[0].text))
    expect(await copy).toEqual({ ok: true, value: { text: big } })
    await vi.waitFor(() => expect(seen).toEqual(['answer', 'after']))
    // Nothing in the way any more: a small frame is handled at once again.
    socket.receive({ event: 'app.status', payload: 'now' })
    expect(seen.at(-1)).toBe('now')
  })
})
