import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Four projects: node unit tests (electron/, shared/), renderer tests in jsdom, integration
// tests that start a real sandbox server on a free loopback port (slower, longer timeouts), and
// the fuzz suite (hostile input against the IPC contract and the sandbox's routes; FUZZ_RUNS
// widens it locally, the seed is fixed so CI runs are reproducible).
//
// Speed (CI runs everything on 2 cores): Vitest would use one worker there (cores - 1), so it is
// told to use every core; and the projects without module mocks share one module graph per
// worker (`isolate: false`) instead of re-importing Mantine, React and jsdom for each file, which
// took more time than the tests themselves (renderer: 118 s isolated, 24 s shared). The unit
// project keeps isolation because two of its files mock 'electron' in different ways.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['electron/**/*.test.ts', 'shared/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.fuzz.test.ts', 'node_modules/**'],
          // CPU-bound tests (scrypt, property-based runs) take 3–4× longer while the whole suite
          // shares two cores; the 5 s default then fails on load, not on a defect.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          isolate: false,
          include: ['electron/**/*.int.test.ts', 'shared/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'fuzz',
          environment: 'node',
          isolate: false,
          include: ['electron/**/*.fuzz.test.ts', 'shared/**/*.fuzz.test.ts'],
          // The memory checks collect garbage first, so they measure what is kept, not what a
          // flood of 10 MB bodies left for a collector that has not run yet.
          execArgv: ['--expose-gc'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'renderer',
          environment: 'jsdom',
          isolate: false,
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['./renderer/test-setup.ts'],
          css: false,
          // jsdom renders of whole screens take 1-3 s idle and passed 5 s on a loaded 2-core
          // machine (servers, network meter, file browser); a timeout is a hang guard here, not
          // a speed check (speed is measured by the benchmarks).
          testTimeout: 20_000,
        },
      },
    ],
  },
})
