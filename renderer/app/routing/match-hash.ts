import { DEFAULT_SECTION, type SectionId } from '../sections'
import type { AppRouter } from './router'

export interface HashMatch {
  /** The matched route ('__root__' when none did: the default section is shown). */
  routeId: string
  /** Decoded path parameters of the matched route. */
  params: Record<string, string | undefined>
  section: SectionId
}

/** The section of the deepest match that names one; the default section when none does. */
export function sectionOfMatches(
  matches: readonly { staticData?: { section?: SectionId } }[],
): SectionId {
  for (let i = matches.length - 1; i >= 0; i--) {
    const section = matches[i]?.staticData?.section
    if (section) return section
  }
  return DEFAULT_SECTION
}

/**
 * What a location hash opens, read the way the hash history reads it (path before ? and a
 * second #). Never throws: bad percent-encoding, unknown paths and missing parameters match no
 * route, which shows the default section.
 */
export function matchHash(router: AppRouter, hash: string): HashMatch {
  const href = hash.replace(/^#/, '')
  const path = href.split(/[?#]/)[0] ?? ''
  const pathname = path.startsWith('/') ? path : `/${path}`
  try {
    const matches = router.matchRoutes(pathname, {})
    const leaf = matches[matches.length - 1]
    return {
      routeId: leaf?.routeId ?? '__root__',
      params: leaf?.params ?? {},
      section: sectionOfMatches(matches),
    }
  } catch {
    return { routeId: '__root__', params: {}, section: DEFAULT_SECTION }
  }
}
