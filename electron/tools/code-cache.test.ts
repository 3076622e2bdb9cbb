import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cachePathOf, runWithCodeCache } from './code-cache'

/** What the test bundle reports of its run, on globalThis. */
interface BundleRun {
  runs: number
  filename: string
  dirname: string
  helper: string
  exportsIsThis: boolean
  fib: number
}
const global = globalThis as { __codeCacheTest?: BundleRun }

// A bundle as esbuild writes one: CommonJS, requiring a file beside it (import() it has none:
// node-entries.ts turns them into require()).
const BUNDLE = `
const run = globalThis.__codeCacheTest ?? { runs: 0 }
globalThis.__codeCacheTest = Object.assign(run, {
  runs: run.runs + 1,
  filename: __filename,
  dirname: __dirname,
  helper: require('./helper.cjs').name,
  exportsIsThis: this === module.exports,
})
function compiledLazily(n) { return n < 2 ? n : compiledLazily(n - 1) + compiledLazily(n - 2) }
run.fib = compiledLazily(12)
`

let dir: string
let bundle: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'code-cache-'))
  bundle = join(dir, 'program.cjs')
  writeFileSync(bundle, BUNDLE)
  writeFileSync(join(dir, 'helper.cjs'), "module.exports = { name: 'helper beside the bundle' }")
  delete global.__codeCacheTest
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  delete global.__codeCacheTest
})

describe('runWithCodeCache', () => {
  it('runs the bundle as Node runs a CommonJS module: its file, folder and require', () => {
    runWithCodeCache(bundle, 0)
    expect(global.__codeCacheTest).toMatchObject({
      runs: 1,
      filename: bundle,
      dirname: dir,
      helper: 'helper beside the bundle',
      exportsIsThis: true,
      fib: 144,
    })
  })

  it('writes the cache after the first start and compiles from it at the next', async () => {
    const first = runWithCodeCache(bundle, 0)
    expect(first.cacheUsed).toBe(false)
    await first.saved
    const written = statSync(cachePathOf(bundle))
    expect(written.size).toBeGreaterThan(0)

    const second = runWithCodeCache(bundle, 0)
    expect(second.cacheUsed).toBe(true)
    await second.saved
    expect(global.__codeCacheTest).toMatchObject({
      runs: 2,
      helper: 'helper beside the bundle',
      fib: 144,
    })
    // Taken as it was: not written again.
    expect(statSync(cachePathOf(bundle)).mtimeMs).toBe(written.mtimeMs)
  })

  it('runs without a damaged cache and replaces it', async () => {
    writeFileSync(cachePathOf(bundle), 'not a code cache')
    const run = runWithCodeCache(bundle, 0)
    expect(run.cacheUsed).toBe(false)
    expect(global.__codeCacheTest?.runs).toBe(1)
    await run.saved
    expect(readFileSync(cachePathOf(bundle), 'utf8')).not.toBe('not a code cache')
    expect(runWithCodeCache(bundle, 0).cacheUsed).toBe(true)
  })

  it('does not take a cache written for another bundle', async () => {
    await runWithCodeCache(bundle, 0).saved
    writeFileSync(bundle, `${BUNDLE}\nrun.changed = true\n`)
    const run = runWithCodeCache(bundle, 0)
    expect(run.cacheUsed).toBe(false)
    expect(global.__codeCacheTest).toMatchObject({ runs: 2, changed: true })
  })

  it('runs when the cache can be neither read nor written', async () => {
    // A folder where the cache file would be: reading and replacing it both fail.
    mkdirSync(cachePathOf(bundle))
    const run = runWithCodeCache(bundle, 0)
    expect(run.cacheUsed).toBe(false)
    await expect(run.saved).resolves.toBeUndefined()
    expect(global.__codeCacheTest?.runs).toBe(1)
    expect(statSync(cachePathOf(bundle)).isDirectory()).toBe(true)
  })
})
