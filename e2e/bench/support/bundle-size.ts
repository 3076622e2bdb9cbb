import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { z } from 'zod'

export const RENDERER_DIR = resolve(import.meta.dirname, '../../../out/renderer')

/** The route the window opens on: its code is needed before the first screen is usable. */
export const FIRST_SCREEN_MODULE = 'screens/search/search-screen.tsx'

/** Budgets in bytes (1 kB = 1000 B) of gzip-compressed JavaScript. */
export const BUNDLE_BUDGETS = {
  /** The entry chunk and its static imports (issue #19: ≤ 250 KB). */
  initialJsGzip: 250_000,
  /**
   * Plus the first screen's route chunks (Search: builder, results table, zod for the wire
   * models); 337 kB when set, so a heavy static import into the Search screen fails too.
   */
  firstScreenJsGzip: 360_000,
  /**
   * Files of JavaScript for the first screen: each is a request (six at a time over HTTP/1.1 in
   * web mode), a compile and a code-cache entry. 30 before the chunk groups of
   * electron/tools/first-screen-chunks.ts, 5 after.
   */
  firstScreenJsFiles: 8,
} as const

const HEAVY_IMPORT_ADVICE =
  'Load the new heavy part with import() (renderer/components/on-demand/on-demand.ts) instead of a static import'

/** Budget failures, as sentences; empty when the bundle is within every budget. */
export function bundleBudgetFailures(report: BundleReport): string[] {
  const failures: string[] = []
  if (report.initialJs.gzip > BUNDLE_BUDGETS.initialJsGzip)
    failures.push(
      `initial JavaScript is ${kB(report.initialJs.gzip)} gzip, over ${kB(BUNDLE_BUDGETS.initialJsGzip)}. ${HEAVY_IMPORT_ADVICE}`,
    )
  if (report.firstScreenJs.gzip > BUNDLE_BUDGETS.firstScreenJsGzip)
    failures.push(
      `the first screen's JavaScript is ${kB(report.firstScreenJs.gzip)} gzip, over ${kB(BUNDLE_BUDGETS.firstScreenJsGzip)}. ${HEAVY_IMPORT_ADVICE}`,
    )
  if (report.firstScreenJs.files > BUNDLE_BUDGETS.firstScreenJsFiles)
    failures.push(
      `the first screen needs ${report.firstScreenJs.files} JavaScript files, over ` +
        `${BUNDLE_BUDGETS.firstScreenJsFiles}. Check the chunk groups in ` +
        'electron/tools/first-screen-chunks.ts (a module the first screen reaches only through ' +
        'a library barrel falls out of them)',
    )
  return failures
}

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
type Manifest = z.infer<typeof manifestSchema>

export interface ChunkSize {
  file: string
  bytes: number
  gzip: number
  /** Loaded by index.html before anything renders. */
  initial: boolean
  /** Needed for the first screen (initial, or the first route's own chunks). */
  firstScreen: boolean
}

export interface BundleReport {
  chunks: ChunkSize[]
  initialJs: { bytes: number; gzip: number; files: number }
  firstScreenJs: { bytes: number; gzip: number; files: number }
  firstScreenCss: { bytes: number; gzip: number; files: number }
  totalJs: { bytes: number; gzip: number; files: number }
}

/** The chunk files a manifest key loads statically (itself and its imports, transitively). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const item = manifest[key]
  if (!item || into.has(item.file)) return into
  into.add(item.file)
  for (const css of item.css ?? []) into.add(css)
  for (const dependency of item.imports ?? []) staticClosure(manifest, dependency, into)
  return into
}

function sizeOf(dir: string, file: string): { bytes: number; gzip: number } {
  const content = readFileSync(join(dir, file))
  return { bytes: content.length, gzip: gzipSync(content, { level: 9 }).length }
}

function sum(items: { bytes: number; gzip: number }[]) {
  return {
    bytes: items.reduce((total, item) => total + item.bytes, 0),
    gzip: items.reduce((total, item) => total + item.gzip, 0),
    files: items.length,
  }
}

/**
 * Sizes of the built renderer from Vite's manifest (`out/renderer/.vite/manifest.json`): every
 * JavaScript chunk, what index.html loads, and what the first screen needs on top of it.
 */
export function measureBundle(dir = RENDERER_DIR): BundleReport {
  const manifestPath = join(dir, '.vite/manifest.json')
  let raw: string
  try {
    raw = readFileSync(manifestPath, 'utf8')
  } catch {
    throw new Error(`${manifestPath} is missing: run \`npm run build\` first.`)
  }
  const manifest = manifestSchema.parse(JSON.parse(raw))
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error(`${manifestPath} names no entry chunk.`)
  if (!manifest[FIRST_SCREEN_MODULE])
    throw new Error(`${manifestPath} has no chunk for ${FIRST_SCREEN_MODULE} (was it renamed?).`)
  const initial = staticClosure(manifest, entry)
  const firstScreen = staticClosure(manifest, FIRST_SCREEN_MODULE, new Set(initial))
  const files = new Set(Object.values(manifest).map((item) => item.file))
  const chunks = [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      ...sizeOf(dir, file),
      initial: initial.has(file),
      firstScreen: firstScreen.has(file),
    }))
    .sort((a, b) => b.gzip - a.gzip)
  const css = [...firstScreen].filter((file) => file.endsWith('.css'))
  return {
    chunks,
    initialJs: sum(chunks.filter((chunk) => chunk.initial)),
    firstScreenJs: sum(chunks.filter((chunk) => chunk.firstScreen)),
    firstScreenCss: sum(css.map((file) => sizeOf(dir, file))),
    totalJs: sum(chunks),
  }
}

/** Human-readable kB (1000 B), one decimal. */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`
}
