import { keepPreviousData } from '@tanstack/react-query'
import type { JsonObject, Owner } from '../../../../shared/api'
import type { AppError } from '../../../../shared/errors'
import { useInvoke } from '../../../ipc/hooks'

/**
 * The live count of the builder's (debounced) query: page_size 0 on the interactive lane. A
 * newer query replaces the older one in TanStack Query, which aborts the older call's signal:
 * the IPC client sends a cancel frame and the scheduler frees the slot. `optimadeError` is the
 * server's own message when it refused the OPTIMADE filter.
 */
export function useLiveCount(
  serverId: string | undefined,
  owner: Owner,
  query: JsonObject,
  enabled: boolean,
) {
  const count = useInvoke(
    'search.count',
    { serverId: serverId ?? '', owner, query },
    {
      enabled: enabled && serverId !== undefined,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    },
  )
  const error: AppError | null = count.error
  const optimadeError =
    error?.code === 'invalid_input' && error.details?.path?.includes('optimade_filter')
      ? (error.details.serverMessage ?? error.message)
      : undefined
  return {
    total: count.data?.total,
    /** False while a previous query's count is still shown. */
    current: count.data !== undefined && !count.isPlaceholderData,
    error,
    optimadeError,
  }
}
