import { useCallback, useSyncExternalStore } from 'react'
import { DEFAULT_SECTION, isSectionId, type SectionId } from './sections'

/**
 * Hash-based navigation (#/servers): reload and deep links work in Electron's app:// and in web
 * mode without server-side routes. Unknown hashes show the default section.
 */
export function sectionFromHash(hash: string): SectionId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? ''
  return isSectionId(id) ? id : DEFAULT_SECTION
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

export function useHashRoute(): [SectionId, (id: SectionId) => void] {
  const section = useSyncExternalStore(subscribe, () => sectionFromHash(window.location.hash))
  const navigate = useCallback((id: SectionId) => {
    window.location.hash = `#/${id}`
  }, [])
  return [section, navigate]
}
