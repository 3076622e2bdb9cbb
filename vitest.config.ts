import { defineConfig } from 'vitest/config'

// Three projects: node unit tests (electron/, shared/), renderer tests in jsdom, and integration
// tests that start a real sandbox server on a free loopback port (slower, longer timeouts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['electron/**/*.test.ts', 'shared/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['electron/**/*.int.test.ts', 'shared/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['./renderer/test-setup.ts'],
          css: false,
        },
      },
    ],
  },
})
