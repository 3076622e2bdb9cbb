import { useInfiniteQuery } from '@tanstack/react-query'
import type { AppError } from '../../../../shared/errors'
import type { FileItem, FolderPage } from '../../../../shared/ipc/channels/raw-files'
import { useIpcClient } from '../../../ipc/client-context'

/** Children per request; "Load more" asks for the next page of the same size. */
export const FOLDER_PAGE_SIZE = 100

/**
 * One folder of an upload, page by page over 'rawFiles.list'. Leaving a folder before its page
 * arrives cancels the request (TanStack's signal → IPC cancel → scheduler slot freed).
 */
export function useFolder(
  serverId: string,
  uploadId: string,
  path: string,
  pageSize = FOLDER_PAGE_SIZE,
) {
  const client = useIpcClient()
  const query = useInfiniteQuery<FolderPage, AppError>({
    queryKey: ['rawFiles.list', serverId, uploadId, path, pageSize],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      client.invoke(
        'rawFiles.list',
        { serverId, uploadId, path, page: pageParam as number, pageSize },
        { signal },
      ),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  })
  const pages = query.data?.pages ?? []
  const items: FileItem[] = pages.flatMap((page) => page.items)
  return {
    items,
    total: pages[0]?.total,
    access: pages[0]?.access,
    isLoading: query.isLoading,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  }
}
