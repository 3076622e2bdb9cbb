import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'

function chunkOf(bundle: OutputBundle, fileName: string): OutputChunk | undefined {
  const item = bundle[fileName]
  return item?.type === 'chunk' ? item : undefined
}

/**
 * Adds `<link rel="modulepreload">` to index.html for the chunks of the screen the window opens
 * on (the module `firstScreen`, e.g. screens/search/search-screen.tsx) and their imports, and
 * `<link rel="stylesheet">` for their CSS. The browser then fetches them with the entry instead
 * of after the entry has run and the router has asked for the route, which would be one more
 * round trip before the first screen. The stylesheets matter as much as the scripts: Vite's
 * loader for a dynamic import adds the chunk's CSS only then and resolves the import only once
 * that CSS has loaded, unless a stylesheet link for it is already in the document.
 */
export function preloadFirstScreen(firstScreen: string): Plugin {
  return {
    name: 'nomad-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
        const screen = Object.values(bundle).find(
          (item): item is OutputChunk =>
            item.type === 'chunk' && (item.facadeModuleId ?? '').endsWith(firstScreen),
        )
        if (!screen) throw new Error(`preloadFirstScreen: no chunk for ${firstScreen}`)
        const files = new Set<string>()
        const walk = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return
          files.add(chunk.fileName)
          for (const name of chunk.imports) {
            const next = chunkOf(bundle, name)
            if (next) walk(next)
          }
        }
        walk(screen)
        const css = new Set(
          [...files].flatMap((file) => [
            ...(chunkOf(bundle, file)?.viteMetadata?.importedCss ?? []),
          ]),
        )
        const link = (rel: string, file: string) => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `./${file}` },
          injectTo: 'head' as const,
        })
        return {
          html,
          tags: [
            ...[...css]
              .filter((file) => !html.includes(file))
              .map((file) => link('stylesheet', file)),
            ...[...files]
              .filter((file) => !html.includes(file))
              .map((file) => link('modulepreload', file)),
          ],
        }
      },
    },
  }
}
