import type { OutputBundle, OutputChunk } from 'rolldown'
import type { IndexHtmlTransformContext } from 'vite'
import { describe, expect, it } from 'vitest'
import { preloadFirstScreen } from './preload-first-screen'

function chunk(fileName: string, facade: string, imports: string[], css: string[]): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: facade,
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set(), __modules: {} },
  } as unknown as OutputChunk
}

function tagsFor(html: string, bundle: OutputBundle) {
  const plugin = preloadFirstScreen('screens/search/search-screen.tsx')
  const hook = plugin.transformIndexHtml as {
    handler: (html: string, ctx: IndexHtmlTransformContext) => { tags: { attrs: object }[] }
  }
  return hook.handler(html, { bundle } as IndexHtmlTransformContext).tags.map((t) => t.attrs)
}

describe('preloadFirstScreen', () => {
  const bundle = {
    'assets/search-screen-1.js': chunk(
      'assets/search-screen-1.js',
      '/repo/renderer/screens/search/search-screen.tsx',
      ['assets/Select-2.js', 'assets/index-0.js'],
      ['assets/search-screen-1.css'],
    ),
    'assets/Select-2.js': chunk('assets/Select-2.js', '', [], ['assets/Select-2.css']),
    'assets/index-0.js': chunk('assets/index-0.js', '/repo/renderer/index.html', [], []),
  } as unknown as OutputBundle
  const html = '<script type="module" src="./assets/index-0.js"></script>'

  it('preloads the first screen’s chunks and links their CSS, so the route’s import does not wait for it', () => {
    expect(tagsFor(html, bundle)).toEqual([
      { rel: 'stylesheet', crossorigin: true, href: './assets/search-screen-1.css' },
      { rel: 'stylesheet', crossorigin: true, href: './assets/Select-2.css' },
      { rel: 'modulepreload', crossorigin: true, href: './assets/search-screen-1.js' },
      { rel: 'modulepreload', crossorigin: true, href: './assets/Select-2.js' },
    ])
  })

  it('adds nothing index.html already names', () => {
    const named = `${html}<link rel="stylesheet" href="./assets/Select-2.css">`
    expect(tagsFor(named, bundle).map((attrs) => (attrs as { href: string }).href)).toEqual([
      './assets/search-screen-1.css',
      './assets/search-screen-1.js',
      './assets/Select-2.js',
    ])
  })
})
