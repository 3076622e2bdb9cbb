import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from 'vite'
import { mantineHooks, swappedMantineHook } from './mantine-hooks'

const OURS = resolve(import.meta.dirname, '../../renderer/components/mantine-hooks')
const HOOKS = resolve(import.meta.dirname, '../../node_modules/@mantine/hooks/esm')

describe('swappedMantineHook', () => {
  it('swaps useId and useMediaQuery, on any platform’s separators', () => {
    expect(swappedMantineHook(`${HOOKS}/use-id/use-id.mjs`, OURS)).toBe(`${OURS}/use-id.ts`)
    expect(swappedMantineHook(`${HOOKS}/use-media-query/use-media-query.mjs`, OURS)).toBe(
      `${OURS}/use-media-query.ts`,
    )
    expect(
      swappedMantineHook('C:\\app\\node_modules\\@mantine\\hooks\\esm\\use-id\\use-id.mjs', OURS),
    ).toBe(`${OURS}/use-id.ts`)
  })

  it('leaves every other file alone', () => {
    expect(swappedMantineHook(`${HOOKS}/use-reduced-motion/use-reduced-motion.mjs`, OURS)).toBe(
      undefined,
    )
    expect(swappedMantineHook(`${HOOKS}/index.mjs`, OURS)).toBe(undefined)
    // Our own files of the same name, or another package's.
    expect(swappedMantineHook('/app/renderer/use-id/use-id.mjs', OURS)).toBe(undefined)
    expect(swappedMantineHook('/app/node_modules/@mantine/core/esm/use-id/use-id.mjs', OURS)).toBe(
      undefined,
    )
  })
})

describe('mantineHooks in a build', () => {
  const bundle = async (code: string) => {
    const result = await build({
      logLevel: 'silent',
      configFile: false,
      plugins: [
        mantineHooks(OURS),
        {
          name: 'entry',
          resolveId: (id) => (id === 'entry' ? id : null),
          load: (id) => (id === 'entry' ? code : null),
        },
      ],
      build: {
        write: false,
        minify: false,
        rollupOptions: { input: 'entry', external: ['react'], preserveEntrySignatures: 'strict' },
      },
    })
    const outputs = Array.isArray(result) ? result : [result]
    return outputs
      .flatMap((output) => ('output' in output ? output.output : []))
      .map((chunk) => ('code' in chunk ? chunk.code : ''))
      .join('\n')
  }

  it('builds Mantine’s hooks with ours in place, whether through its index or its other hooks', async () => {
    const code = await bundle(
      "export { useId, useMediaQuery, useReducedMotion } from '@mantine/hooks'",
    )
    // Ours (names kept: the test bundle is not minified), reached from the index and from
    // useReducedMotion alike; Mantine's swap to a random id after mounting is gone.
    expect(code).toContain('function mediaOf(')
    expect(code.match(/function useMediaQuery\(/g)).toHaveLength(1)
    expect(code).not.toContain('randomId')
  }, 60_000)

  it('fails the build when Mantine no longer has the files it swaps', async () => {
    await expect(bundle('export const nothing = 1')).rejects.toThrow(
      /@mantine\/hooks no longer imports the files .* use-id\.ts, use-media-query\.ts/,
    )
  }, 60_000)
})
