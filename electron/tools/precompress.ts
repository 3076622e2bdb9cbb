import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|map)$/
/**
 * Brotli quality 9, not the maximum 11: on the largest chunk 11 saves 7 % more bytes but takes
 * 20 times longer (3.8 s against 0.2 s on our 2-core machines), at every build; the host is on
 * loopback, where a few kB more cost nothing measurable.
 */
const BROTLI_QUALITY = 9
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 1024

async function filesBelow(dir: string): Promise<string[]> {
  const items = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    items.map((item) => {
      const path = join(dir, item.name)
      return item.isDirectory() ? filesBelow(path) : Promise.resolve([path])
    }),
  )
  return nested.flat()
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each text asset of a build:
 * compressed once at build time, the web host (electron/host/static-files.ts) serves them as they
 * are instead of compressing on every request.
 */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesBelow(dir)).filter((file) => COMPRESSIBLE.test(file))
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file)
      if (content.length < MIN_BYTES) return
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ])
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    }),
  )
}

/** A Vite plugin running precompressDir on the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'nomad-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      await precompressDir(outDir)
    },
  }
}
