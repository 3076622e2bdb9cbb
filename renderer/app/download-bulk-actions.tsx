import { useEffect } from 'react'
import { searchBulkActions } from '../features/downloads/bulk-actions'
import { useStartDownload } from '../features/downloads/start-download'
import { registerBulkAction } from '../screens/search/results/bulk-actions'

/**
 * Registers the downloads feature's actions with Search's selection bar. Here, in the app,
 * because only the app may import a screen: Search knows the hook ids, not the downloads code.
 */
export function DownloadBulkActions() {
  const api = useStartDownload()
  useEffect(() => {
    const unregister = searchBulkActions(api).map((action) => registerBulkAction(action))
    return () => unregister.forEach((off) => off())
  }, [api])
  return null
}
