import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { build } from 'esbuild'
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
    packages: 'external',
    // Beside the entries, never deeper: paths are resolved from import.meta.dirname.
    chunkNames: 'shared-[hash]',
    logLevel: 'warning',
  })
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
