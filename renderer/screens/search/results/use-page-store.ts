import { useEffect, useMemo, useSyncExternalStore } from 'react'
import type { Owner, JsonObject } from '../../../../shared/api'
import { useIpcClient } from '../../../ipc/client-context'
import { PageStore, type PageStoreSnapshot } from './page-store'

export interface PageQuery {
  serverId: string
  owner: Owner
  query: JsonObject
  columns: string[]
  orderBy: string | null
  order: 'asc' | 'desc'
  pageSize: number
}

/**
 * A PageStore for the submitted search. A new search (query, columns, sort, page size) makes a
 * new store and disposes the old one, which cancels its requests.
 */
export function usePageStore(
  search: PageQuery,
  onNotice: (notice: string, pageSize: number) => void,
) {
  const client = useIpcClient()
  const key = JSON.stringify(search)
  const store = useMemo(
    () => {
      const s = JSON.parse(key) as PageQuery
      return new PageStore({
        pageSize: s.pageSize,
        onNotice,
        fetchPage: (after, pageSize, lane, signal) =>
          client.invoke('search.page', { ...s, pageSize, after, lane }, { signal }),
      })
    },
    // onNotice is read once per store; a new callback must not restart the search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, key],
  )
  useEffect(() => {
    store.start()
    return () => store.dispose()
  }, [store])
  return store
}

/**
 * One value of the store's snapshot. Components read only what they show, so a page arriving
 * re-renders the table and the count, not the toolbar, chips and menus around them.
 */
export function usePageStoreValue<T>(store: PageStore, select: (s: PageStoreSnapshot) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getSnapshot()))
}
