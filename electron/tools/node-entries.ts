import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { build, type Plugin as EsbuildPlugin } from 'esbuild'
import type { Plugin } from 'vite'

/** The Node programs started from built JavaScript: `npm run web` and `npm run sandbox`. */
const ENTRIES = { host: 'electron/host/cli.ts', sandbox: 'electron/sandbox/cli.ts' }

/**
 * Bundles the web host and the sandbox CLI into out/node/{host,sandbox}.js. Before, both ran
 * through tsx, which compiled hundreds of TypeScript files at every start (0.9 s to the host's
 * URL line, 2.3–2.9 s to a 100 000-entry sandbox). Packages stay external: they are loaded
 * from node_modules as they are (lmdb's native addon, fastify's plugins). The code both share
 * (the embedded Local sandbox in the host) goes to a common chunk. The output sits two folders
 * below the repository, like the sources, so `import.meta.dirname`-relative paths hold.
 */
export async function buildNodeEntries(root: string): Promise<void> {
  // Old shared chunks would pile up: their names change with their content.
  await rm(resolve(root, 'out/node'), { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: resolve(root, 'out/node'),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [bundleOnly(BUNDLED)],
    // A bundled CommonJS package (undici, ws) calls require(); ESM output has none of its own.
    banner: {
      js: "import { createRequire as __nodeEntriesRequire } from 'node:module'; const require = __nodeEntriesRequire(import.meta.url);",
    },
    // Beside the entries, never deeper: paths are resolved from import.meta.dirname.
    chunkNames: 'shared-[hash]',
    logLevel: 'warning',
  })
}

/**
 * Packages bundled into the entries with everything they import. Why: Node's loaders resolved
 * their files and parsed each one at every start of `npm run web`, of every e2e test's host and
 * of every sandbox: bundled, the host's CPU from start to a loaded app fell from ~1.58 to
 * ~1.33 s (undici, ws, conf; 4 starts each, 28 Nov), and importing zod takes ~45 instead of
 * ~75 ms, fastify ~62 instead of ~90 ms (3 runs each, 28 Nov, second session). zod and
 * fastify-type-provider-zod go together, so that the provider sees the same copy of zod as our
 * schemas (one shared chunk). The rest stays external: lmdb (a native addon), fastify's plugins
 * (@fastify/swagger-ui serves files from its own package folder), yazl and yauzl.
 */
const BUNDLED = new Set(['undici', 'ws', 'conf', 'zod', 'fastify-type-provider-zod', 'fastify'])
/** Optional native speed-ups that ws requires inside try/catch; not installed. */
const OPTIONAL_ABSENT = new Set(['bufferutil', 'utf-8-validate'])

/** Our imports of a package outside `bundled` stay external; inside a bundled one, all is bundled. */
function bundleOnly(bundled: Set<string>): EsbuildPlugin {
  return {
    name: 'bundle-only',
    setup(buildApi) {
      buildApi.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { external: true }
        const name = args.path.startsWith('@')
          ? args.path.split('/').slice(0, 2).join('/')
          : (args.path.split('/')[0] ?? args.path)
        if (OPTIONAL_ABSENT.has(name)) return { external: true }
        const fromPackage = args.importer.includes('/node_modules/')
        if (fromPackage || bundled.has(name)) return undefined
        return { external: true }
      })
    },
  }
}

/**
 * Runs buildNodeEntries with the main-process build (`electron-vite build`). `root` is the
 * repository: the config passes its own folder (this module's is not known once Vite bundles the
 * config).
 */
export function nodeEntries(root: string): Plugin {
  return {
    name: 'nomad-node-entries',
    apply: 'build',
    async closeBundle() {
      await buildNodeEntries(root)
    },
  }
}
