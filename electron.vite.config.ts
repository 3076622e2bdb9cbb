import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { nodeEntries } from './electron/tools/node-entries'
import { firstScreenChunkGroups } from './electron/tools/first-screen-chunks'
import { mantineHooks } from './electron/tools/mantine-hooks'
import { precompress } from './electron/tools/precompress'
import { preloadFirstScreen } from './electron/tools/preload-first-screen'

/** The screen the window opens on, whose code index.html preloads. */
const FIRST_SCREEN = 'renderer/screens/search/search-screen.tsx'

// One build for the three Electron targets. The preload must be a single CommonJS file because
// sandboxed preloads cannot load ES modules or other files (Electron docs, "Sandboxing").
export default defineConfig({
  main: {
    // The web host and the sandbox CLI are built alongside main, so every build (npm run build,
    // npm start, CI) also gives `npm run web`/`npm run sandbox` their JavaScript (out/node).
    plugins: [nodeEntries(import.meta.dirname)],
    build: {
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    // Precompressed (brotli, gzip) for the web host; Electron reads the plain files.
    // Two of Mantine's hooks swapped for ones without a second render (electron/tools/mantine-hooks.ts).
    plugins: [
      mantineHooks(resolve(import.meta.dirname, 'renderer/components/mantine-hooks')),
      react(),
      preloadFirstScreen(FIRST_SCREEN),
      precompress(),
    ],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      // Minified, with a manifest of chunks and their imports that the bundle-size check and the
      // start-up benchmark read (e2e/bench/support/bundle-size.ts). Screens and heavy parts are
      // split by their dynamic import()s in the code, not here.
      minify: true,
      cssMinify: true,
      manifest: true,
      emptyOutDir: true,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'renderer/index.html') },
        output: {
          // What the entry loads statically is one chunk, and what the first screen adds is
          // another (electron/tools/first-screen-chunks.ts). Other library code is grouped by
          // the set of screens that use it (entriesAware), and a group under ~20 kB joins its
          // closest neighbour. Left to itself, rolldown gave each Mantine component shared by
          // two screens its own file: the first screen took 59 files, then 30 with the
          // entriesAware groups, now 5 (cold first screen 1 119 -> 966 -> ~730 ms; see
          // docs/performance.md). A larger merge threshold moves lazy code into the entry.
          codeSplitting: {
            groups: [
              ...firstScreenChunkGroups(
                resolve(import.meta.dirname, 'renderer/main.tsx'),
                resolve(import.meta.dirname, FIRST_SCREEN),
              ),
              {
                name: 'lib',
                test: /node_modules/,
                entriesAware: true,
                entriesAwareMergeThreshold: 20_000,
              },
            ],
          },
        },
      },
    },
  },
})
