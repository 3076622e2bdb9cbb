import { useQueries } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import type { AppError } from '../../../../shared/errors'
import type { FileItem, FolderPage, FolderSort } from '../../../../shared/ipc/channels/raw-files'
import { useIpcClient } from '../../../ipc/client-context'

/** Children per request; the list asks for the pages that scroll into view. */
export const FOLDER_PAGE_SIZE = 100

export interface FolderView {
  sort: FolderSort
  order: 'asc' | 'desc'
  filter: string
}

/**
 * One folder of an upload as random-access pages over 'rawFiles.list': only the pages whose
 * rows are on screen are fetched, so a 5 000-file folder costs one request to open. Leaving a
 * folder cancels its requests (TanStack's signal → IPC cancel → scheduler slot freed).
 */
export function useFolder(serverId: string, uploadId: string, path: string, view: FolderView) {
  const client = useIpcClient()
  const [wanted, setWanted] = useState<{ key: string; pages: number[] }>({ key: '', pages: [1] })
  const key = JSON.stringify([serverId, uploadId, path, view])
  const pages = wanted.key === key ? wanted.pages : [1]
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: ['rawFiles.list', serverId, uploadId, path, view, page],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        client.invoke(
          'rawFiles.list',
          { serverId, uploadId, path, page, pageSize: FOLDER_PAGE_SIZE, ...view },
          { signal },
        ),
      staleTime: 30_000,
    })),
  })
  const loaded = new Map<number, FolderPage>()
  results.forEach((result, i) => {
    const page = pages[i]
    if (result.data && page !== undefined) loaded.set(page, result.data)
  })
  const first = loaded.get(1) ?? [...loaded.values()][0]
  const version = [...loaded.keys()].sort((a, b) => a - b).join(',')
  const rowAt = useCallback(
    (index: number): FileItem | undefined =>
      loaded.get(Math.floor(index / FOLDER_PAGE_SIZE) + 1)?.items[index % FOLDER_PAGE_SIZE],
    // `version` names the loaded pages: rowAt answers differently only when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version, key],
  )
  /** Rows first..last came into view: fetch the pages they are on (and keep those already asked). */
  const showRange = useCallback(
    (firstRow: number, lastRow: number) => {
      const from = Math.floor(firstRow / FOLDER_PAGE_SIZE) + 1
      const to = Math.floor(lastRow / FOLDER_PAGE_SIZE) + 1
      setWanted((current) => {
        const base = current.key === key ? current.pages : [1]
        const missing: number[] = []
        for (let p = from; p <= to; p++) if (!base.includes(p)) missing.push(p)
        return missing.length === 0 && current.key === key
          ? current
          : { key, pages: [...base, ...missing] }
      })
    },
    [key],
  )
  const error = results.find((r) => r.error)?.error as AppError | null | undefined
  const total = first?.total
  const loadedItems = useMemo(
    () => [...loaded.values()].flatMap((page) => page.items),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version, key],
  )
  return {
    total,
    access: first?.access,
    rowAt,
    version: `${key}|${version}`,
    loadedItems,
    showRange,
    isLoading: results[0]?.isLoading ?? true,
    error: error ?? null,
    retry: () => results.forEach((r) => r.error && void r.refetch()),
  }
}
