import type { HLJSApi, LanguageFn } from 'highlight.js'

/**
 * Syntax colouring, loaded on first use: highlight.js's core and only the languages upload
 * files are written in, each fetched when a file of it is first previewed, so opening the app
 * or a folder costs nothing.
 */
const LANGUAGES: Record<string, () => Promise<{ default: LanguageFn }>> = {
  json: () => import('highlight.js/lib/languages/json'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  python: () => import('highlight.js/lib/languages/python'),
  xml: () => import('highlight.js/lib/languages/xml'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  bash: () => import('highlight.js/lib/languages/bash'),
  ini: () => import('highlight.js/lib/languages/ini'),
  fortran: () => import('highlight.js/lib/languages/fortran'),
  c: () => import('highlight.js/lib/languages/c'),
  latex: () => import('highlight.js/lib/languages/latex'),
}

/** Past this many characters colouring is skipped: it would stall the window for little gain. */
export const MAX_HIGHLIGHT_CHARS = 400_000

let core: Promise<HLJSApi> | undefined

export function isHighlightable(language: string | undefined): language is string {
  return language !== undefined && language in LANGUAGES
}

/** The text as highlight.js HTML (escaped by it), or undefined when there is no such language. */
export async function highlight(text: string, language: string): Promise<string | undefined> {
  const load = LANGUAGES[language]
  if (!load || text.length > MAX_HIGHLIGHT_CHARS) return undefined
  core ??= import('highlight.js/lib/core').then((m) => m.default)
  const hljs = await core
  if (!hljs.getLanguage(language)) hljs.registerLanguage(language, (await load()).default)
  return hljs.highlight(text, { language, ignoreIllegals: true }).value
}
