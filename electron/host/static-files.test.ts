import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync, brotliDecompressSync, gzipSync, brotliCompressSync } from 'node:zlib'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieName } from './request-guard'
import type { HostHandle } from './start-host'
import { acceptedEncodings } from './static-files'
import { makeTempDirs, startTestHost } from './test-helpers'

let dirs: ReturnType<typeof makeTempDirs>
let host: HostHandle
const SCRIPT = 'console.log("app")'

beforeAll(async () => {
  dirs = makeTempDirs()
  // What electron/tools/precompress.ts writes beside the plain file.
  writeFileSync(join(dirs.rendererDir, 'assets', 'app.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(join(dirs.rendererDir, 'assets', 'app.js.gz'), gzipSync(SCRIPT))
  host = await startTestHost(dirs)
})
afterAll(async () => {
  await host.close()
  dirs.cleanup()
})

/** The raw (still encoded) body: node:http does not decompress. */
function getBytes(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path,
          headers: { cookie: `${cookieName(host.port)}=${host.token}`, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          )
        },
      )
      req.on('error', reject)
      req.end()
    },
  )
}

describe('web host: compressed assets and cache lifetimes', () => {
  it('serves the brotli twin when the browser accepts it', async () => {
    const answer = await getBytes('/assets/app.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['content-type']).toMatch(/javascript/)
    expect(answer.headers.vary).toBe('accept-encoding')
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT)
  })

  it('serves gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await getBytes('/assets/app.js', { 'accept-encoding': 'gzip, br;q=0' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT)
    const plain = await getBytes('/assets/app.js', {})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)
  })

  it('caches hashed assets for a year and makes index.html revalidate', async () => {
    const asset = await getBytes('/assets/app.js', {})
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const page = await getBytes('/', { 'accept-encoding': 'br' })
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('no-cache')
    // No twin was written for this small page: the plain file, not a 404.
    expect(page.headers['content-encoding']).toBeUndefined()
  })

  it('still refuses a request without the session token', async () => {
    const answer = await getBytes('/assets/app.js', { cookie: '' })
    expect(answer.status).toBe(401)
  })
})

describe('acceptedEncodings', () => {
  it('reads names and drops the refused ones', () => {
    expect([...acceptedEncodings('gzip;q=1.0, BR, identity;q=0')]).toEqual(['gzip', 'br'])
    expect([...acceptedEncodings(undefined)]).toEqual([])
  })
})
