import { useEffect } from 'react'
import { searchBulkActions } from '../features/downloads/bulk-actions'
import { useStartDownload } from '../features/downloads/start-download'
import { pinBulkAction } from '../features/offline/bulk-actions'
import { useStartPin } from '../features/offline/start-pin'
import { registerBulkAction } from '../screens/search/results/bulk-actions'

/**
 * Registers the downloads and offline features' actions with Search's selection bar. Here, in
 * the app, because only the app may import a screen: Search knows the hook ids, not the code.
 */
export function SearchBulkActions() {
  const downloads = useStartDownload()
  const pins = useStartPin()
  useEffect(() => {
    const actions = [...searchBulkActions(downloads), pinBulkAction(pins)]
    const unregister = actions.map((action) => registerBulkAction(action))
    return () => unregister.forEach((off) => off())
  }, [downloads, pins])
  return null
}
