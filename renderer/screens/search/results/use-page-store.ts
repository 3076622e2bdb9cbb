import { useEffect, useState, useSyncExternalStore } from 'react'
import type { Owner, JsonObject } from '../../../../shared/api'
import type { IpcClient } from '../../../ipc/client'
import { useIpcClient } from '../../../ipc/client-context'
import { takeArrivedFirstPage, takeFirstPage } from './first-page'
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

type OnNotice = (notice: string, pageSize: number) => void

interface Current {
  client: IpcClient
  /** The search without its page size, as JSON. */
  search: string
  pageSize: number
  store: PageStore
}

function createStore(client: IpcClient, search: PageQuery, onNotice: OnNotice): PageStore {
  return new PageStore({
    pageSize: search.pageSize,
    onNotice,
    firstPage: takeArrivedFirstPage(client, search),
    fetchPage: (after, pageSize, lane, signal) =>
      (after === null && lane === 'interactive'
        ? takeFirstPage(client, { ...search, pageSize }, signal)
        : undefined) ??
      client.invoke('search.page', { ...search, pageSize, after, lane }, { signal }),
  })
}

/**
 * A PageStore for the submitted search. A new search (query, columns, sort, page size) makes a
 * new store and disposes the old one, which cancels its requests. One exception: when the
 * server lowered the page size, the store has already adopted it and the session merely follows
 * (so the next search starts with the size the server allows). That is not a new search: the
 * store, its rows, the selection and the scroll position stay.
 */
export function usePageStore(search: PageQuery, onNotice: OnNotice): PageStore {
  const client = useIpcClient()
  const { pageSize, ...rest } = search
  const key = JSON.stringify(rest)
  const [current, setCurrent] = useState<Current>(() => ({
    client,
    search: key,
    pageSize,
    store: createStore(client, search, onNotice),
  }))
  if (current.client !== client || current.search !== key || current.pageSize !== pageSize) {
    // Adjusting state while rendering (React re-renders at once, before children see it).
    const adopted =
      current.client === client &&
      current.search === key &&
      current.store.pageSizeInUse === pageSize
    // onNotice is read once per store; a new callback must not restart the search.
    const store = adopted ? current.store : createStore(client, search, onNotice)
    setCurrent({ client, search: key, pageSize, store })
  }
  const { store } = current
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
