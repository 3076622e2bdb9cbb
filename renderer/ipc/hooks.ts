import {
  useMutation,
  useQuery,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { AppError } from '../../shared/errors'
import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventName,
  EventPayload,
} from '../../shared/ipc/contract'
import { useIpcClient } from './client-context'
import type { HostConnection } from './transport'

/** Query keys are [channel, input], so invalidating a channel name refreshes all its queries. */
export const queryKeyFor = <C extends ChannelName>(channel: C, input: ChannelInput<C>) =>
  [channel, input] as const

/** A read over IPC through TanStack Query; its signal cancels the call when no longer needed. */
export function useInvoke<C extends ChannelName>(
  channel: C,
  input: ChannelInput<C>,
  options: Omit<
    UseQueryOptions<ChannelOutput<C>, AppError, ChannelOutput<C>, readonly [C, ChannelInput<C>]>,
    'queryKey' | 'queryFn'
  > = {},
) {
  const client = useIpcClient()
  return useQuery({
    ...options,
    queryKey: queryKeyFor(channel, input),
    queryFn: ({ signal }) => client.invoke(channel, input, { signal }),
  })
}

/** A write over IPC; errors are AppErrors with the code and message from main or the host. */
export function useMutationInvoke<C extends ChannelName>(
  channel: C,
  options: Omit<UseMutationOptions<ChannelOutput<C>, AppError, ChannelInput<C>>, 'mutationFn'> = {},
) {
  const client = useIpcClient()
  return useMutation({ ...options, mutationFn: (input) => client.invoke(channel, input) })
}

/** Subscribes to a pushed event for the component's lifetime; the latest handler is used. */
export function useEvent<E extends EventName>(
  event: E,
  handler: (payload: EventPayload<E>) => void,
): void {
  const client = useIpcClient()
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => client.subscribe(event, (payload) => latest.current(payload)), [client, event])
}

/** The live state of the link to main or the web host. */
export function useHostConnection(): HostConnection {
  const { transport } = useIpcClient()
  return useSyncExternalStore(
    (onChange) => transport.onConnectionChange(onChange),
    () => transport.connection(),
  )
}
