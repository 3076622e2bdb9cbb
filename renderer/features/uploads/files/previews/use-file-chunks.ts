import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { AppError } from '../../../../../shared/errors'
import { PREVIEW_BYTES, type FilePreview } from '../../../../../shared/ipc/channels/raw-files'
import { useIpcClient } from '../../../../ipc/client-context'

export interface FileRef {
  serverId: string
  uploadId: string
  path: string
}

/**
 * A file read chunk by chunk: the first PREVIEW_BYTES, then "load more" continues where the
 * last chunk ended (a line end). Nothing beyond the chunks shown is fetched. `size`, from the
 * folder's listing, spares a request for the file's own listing.
 */
export function useFileChunks(file: FileRef, decompress: boolean, size?: number) {
  const client = useIpcClient()
  const query = useInfiniteQuery<FilePreview, AppError>({
    queryKey: ['rawFiles.preview', 'chunks', file.serverId, file.uploadId, file.path, decompress],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      client.invoke(
        'rawFiles.preview',
        { ...file, offset: pageParam as number, length: PREVIEW_BYTES, decompress, size },
        { signal },
      ),
    getNextPageParam: (last) => last.nextOffset,
  })
  const pages = query.data?.pages
  const chunks = pages ?? []
  const parts = useMemo(() => (pages ?? []).map((chunk) => chunk.text ?? ''), [pages])
  const first = chunks[0]
  const last = chunks.at(-1)
  return {
    first,
    /** The text of each chunk, in order (one array per change of the chunks). */
    parts,
    shownBytes: chunks.reduce((sum, chunk) => sum + chunk.shown, 0),
    hasMore: query.hasNextPage,
    nextOffset: last?.nextOffset,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    isLoading: query.isLoading,
    error: query.error,
    retry: () => void query.refetch(),
  }
}
