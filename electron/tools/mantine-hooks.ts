import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * A renderer build plugin: two of Mantine's hooks (@mantine/hooks) become ours, wherever they
 * are imported from (Mantine's index, its other hooks, its components). Each of Mantine's
 * versions sets state in an effect right after a component first renders, which renders it
 * again: `useId` in a layout effect (Select, Popover, Tooltip, Switch, every labelled input),
 * `useMediaQuery` for `prefers-reduced-motion` (every Transition and Collapse). On the first
 * screen that was a second pass over ~480 components before the first paint (docs/performance.md).
 *
 * A Mantine release that moves these files makes the build fail here, so the swap is never
 * dropped quietly; renderer/components/mantine-hooks/ says what to check on an upgrade.
 */
const SWAPPED: Record<string, string> = {
  'use-id/use-id.mjs': 'use-id.ts',
  'use-media-query/use-media-query.mjs': 'use-media-query.ts',
}

const HOOKS_ESM = /[\\/]node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](.+)$/

/** The replacement for a resolved file of @mantine/hooks, if we swap it. */
export function swappedMantineHook(resolvedId: string, ours: string): string | undefined {
  const inHooks = HOOKS_ESM.exec(resolvedId)?.[1]?.replace(/\\/g, '/')
  const file = inHooks === undefined ? undefined : SWAPPED[inHooks]
  return file === undefined ? undefined : resolve(ours, file)
}

/** `ours`: the folder of our versions (renderer/components/mantine-hooks). */
export function mantineHooks(ours: string): Plugin {
  const swapped = new Set<string>()
  return {
    name: 'nomad-mantine-hooks',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      // Only relative imports inside @mantine/hooks and its bare name can reach these files.
      if (!source.startsWith('.') || importer === undefined || !HOOKS_ESM.test(importer))
        return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      const replacement = resolved && swappedMantineHook(resolved.id, ours)
      if (!replacement) return null
      swapped.add(replacement)
      return replacement
    },
    buildEnd(error) {
      const missing = Object.values(SWAPPED).filter((file) => !swapped.has(resolve(ours, file)))
      if (!error && missing.length > 0)
        throw new Error(
          `@mantine/hooks no longer imports the files electron/tools/mantine-hooks.ts swaps for ${missing.join(', ')}: check them against the new release`,
        )
    },
  }
}
