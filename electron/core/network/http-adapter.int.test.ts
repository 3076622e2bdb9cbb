import { createServer, type Server } from 'node:net'
import type { Dispatcher } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox'
import { BIG_FILE_UPLOAD_ID } from '../../sandbox/testing/fixtures'
import { testSandbox } from '../../sandbox/testing/harness'
import { sendDirect } from './direct-transport'
import {
  createHttpDispatcher,
  heedBodyErrors,
  sendHttp,
  undiciTransport,
  type HttpResponse,
  type HttpTransport,
} from './http-adapter'
import { classifyError } from './scheduler/retry-policy'

// heedBodyErrors promises two things: a body that breaks before anyone reads it (a reset while
// the consumer opens its file, say) is no uncaught exception, and the reader's iterator still
// sees the break, so a cut body is never taken for a whole one. Vitest fails a run on any
// uncaught exception, so each case below also proves the first promise. Both transports (the
// undici pool and a connection of its own for big files) keep both promises.

const SIZE = 4 * 1024 * 1024
let sandbox: Sandbox
let dispatcher: Dispatcher
const bigUrl = () => `${sandbox.baseUrl}/uploads/${BIG_FILE_UPLOAD_ID}/raw/big.bin`

beforeAll(async () => {
  sandbox = await testSandbox({
    entries: 10,
    fixtures: { bigFileBytes: SIZE },
    limits: { rate: null, concurrency: null },
  })
  dispatcher = createHttpDispatcher()
}, 60_000)

afterAll(async () => {
  await dispatcher.destroy()
  await sandbox.close()
})

const transports: [string, () => HttpTransport][] = [
  ['undici', () => undiciTransport(dispatcher)],
  ['own connection', () => sendDirect],
]

/** Resolves once undici has torn the body down, without listening for its 'error' ourselves. */
async function broken(body: HttpResponse['body']): Promise<void> {
  for (let waited = 0; !body.destroyed; waited += 10) {
    if (waited > 5000) throw new Error('the body never broke')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Reads the body to its end: the bytes, or the error the iterator threw. */
async function read(body: HttpResponse['body']): Promise<{ bytes: number; error?: unknown }> {
  let bytes = 0
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) bytes += chunk.length
  } catch (error) {
    return { bytes, error }
  }
  return { bytes }
}

describe.each(transports)('%s', (_name, transport) => {
  const get = (url: string, signal = new AbortController().signal) =>
    sendHttp(transport(), { method: 'GET', url, headers: {} }, signal)

  describe('heedBodyErrors against the sandbox', () => {
    it('a reset before the body is read: no crash, and the reader sees the reset', async () => {
      // Below the body's high-water mark, so undici keeps reading the socket and meets the reset
      // (a paused socket would notice it only when read again).
      sandbox.setFaults({ resetRate: 1, resetAfterBytes: 1024, pathPattern: 'raw/' })
      try {
        const response = await get(bigUrl())
        expect(response.status).toBe(200)
        const body = heedBodyErrors(response.body)
        await broken(body)
        const { error } = await read(body)
        expect(error).toBeInstanceOf(Error)
        expect(classifyError(error)).toBe('transient')
      } finally {
        sandbox.setFaults({ resetRate: 0 })
      }
    })

    it('a reset while the body is read: the iterator throws, short of the whole', async () => {
      sandbox.setFaults({ resetRate: 1, resetAfterBytes: 1024 * 1024, pathPattern: 'raw/' })
      try {
        const response = await get(bigUrl())
        const { bytes, error } = await read(heedBodyErrors(response.body))
        expect(classifyError(error)).toBe('transient')
        expect(bytes).toBeLessThan(SIZE)
      } finally {
        sandbox.setFaults({ resetRate: 0 })
      }
    })

    it('an abort while nobody reads: no crash, and the reader sees the abort', async () => {
      sandbox.setFaults({ stallRate: 1, stallAfterBytes: 1024, stallMs: 5000, pathPattern: 'raw/' })
      try {
        const controller = new AbortController()
        const response = await get(bigUrl(), controller.signal)
        const body = heedBodyErrors(response.body)
        controller.abort(new Error('the idle watchdog fired'))
        await broken(body)
        const { error } = await read(body)
        expect(error).toBeInstanceOf(Error)
      } finally {
        sandbox.setFaults({ stallRate: 0 })
      }
    })

    it('a whole body still reads whole', async () => {
      const response = await get(bigUrl())
      expect(await read(heedBodyErrors(response.body))).toEqual({ bytes: SIZE })
    })
  })

  describe('heedBodyErrors on a body cut short cleanly', () => {
    // The sandbox's faults reset connections; a server (or proxy) that closes the connection
    // cleanly before Content-Length is reached needs a socket of its own.
    let server: Server
    let url = ''
    beforeAll(async () => {
      server = createServer((socket) => {
        socket.once('data', () => {
          socket.write('HTTP/1.1 200 OK\r\ncontent-length: 100000\r\n\r\n')
          socket.end(Buffer.alloc(5000, 1))
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const address = server.address()
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    it('read at once or after the close, the cut is an error, never an end', async () => {
      const now = await read(heedBodyErrors((await get(url)).body))
      expect(now.bytes).toBeLessThan(100_000)
      expect(classifyError(now.error)).toBe('transient')

      const later = heedBodyErrors((await get(url)).body)
      await broken(later)
      const { error } = await read(later)
      expect(classifyError(error)).toBe('transient')
    })
  })
})
