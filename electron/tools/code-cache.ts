/**
 * Runs a CommonJS bundle (out/node/*.cjs, node-entries.ts) with V8's code cache beside it, the
 * way Node 22's `module.enableCompileCache()` does, which Node 20 lacks. Without it, every start
 * of `npm run sandbox` (and of the benches' sandboxes) parsed and compiled ~3 MB of JavaScript
 * again: ~100 ms in V8's compiler at the top, and more compiling functions lazily as they first
 * ran. With it, a 100 000-entry sandbox is ready ~160–280 ms sooner (docs/performance.md).
 *
 * The cache is written once the program has run for a while (so that it also holds the
 * functions compiled lazily by then), and again whenever V8 rejects it: another Node or V8
 * version, other V8 flags, a changed bundle, a damaged file. A rejected or unreadable cache
 * costs nothing but the compile it was meant to save; a folder we cannot write to leaves the
 * program running without one.
 *
 * The bundle must not use `import()`: on Node 20 a script compiled from a cache loses its
 * dynamic-import callback (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and the callback is still
 * experimental (a warning on every start). node-entries.ts has esbuild turn them into require().
 */
import { readFileSync } from 'node:fs'
import { createRequire, Module } from 'node:module'
import { dirname } from 'node:path'
import { Script } from 'node:vm'
import { writeFileAtomic } from '../core/storage/atomic-write'

/** After a 100 000-entry sandbox's start (~1.5 s), and soon enough that a short session writes it. */
export const SAVE_AFTER_MS = 2_000

export interface CodeCacheRun {
  /** Whether V8 took the cache that was there (false: none, or rejected). */
  cacheUsed: boolean
  /** Settles when the cache has been written, or at once when none needs writing. */
  saved: Promise<void>
}

export function cachePathOf(bundle: string): string {
  return `${bundle}.v8cache`
}

/** The code cache of the bundle a launcher starts (out/node/<name>.js runs <name>.cjs). */
export function cachePathOfLauncher(launcher: string): string {
  return cachePathOf(launcher.replace(/\.js$/, '.cjs'))
}

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path)
  } catch {
    // Missing (the first start), or unreadable: compile as without a cache.
    return undefined
  }
}

/** Runs `bundle` as Node would run it as a CommonJS main module, with the code cache. */
export function runWithCodeCache(bundle: string, saveAfterMs = SAVE_AFTER_MS): CodeCacheRun {
  const cachePath = cachePathOf(bundle)
  const cachedData = readCache(cachePath)
  const script = new Script(Module.wrap(readFileSync(bundle, 'utf8')), {
    filename: bundle,
    cachedData,
  })
  const cacheUsed = cachedData !== undefined && !script.cachedDataRejected
  const saved = cacheUsed ? Promise.resolve() : saveLater(script, cachePath, saveAfterMs)
  const wrapper = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void
  const module = { exports: {} }
  wrapper.call(
    module.exports,
    module.exports,
    createRequire(bundle),
    module,
    bundle,
    dirname(bundle),
  )
  return { cacheUsed, saved }
}

function saveLater(script: Script, cachePath: string, afterMs: number): Promise<void> {
  return new Promise((done) => {
    // unref: a program that ends sooner (--help, a failed start) is not held open for it.
    setTimeout(() => {
      writeFileAtomic(cachePath, script.createCachedData(), { mode: 0o644 })
        // Read-only install or a full disk: the next start compiles again, nothing else.
        .catch(() => undefined)
        .finally(done)
    }, afterMs).unref()
  })
}
