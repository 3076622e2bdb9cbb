import { useQueryClient } from '@tanstack/react-query'
import { queryKeyFor, useEvent, useInvoke } from '../../ipc/hooks'

/** Who is signed in on the active server, kept current by 'auth.changed' events. */
export function useAuthStatus() {
  const queryClient = useQueryClient()
  useEvent('auth.changed', () => {
    // The event names one server; the cached status is the active server's, so refetch.
    void queryClient.invalidateQueries({ queryKey: queryKeyFor('auth.status', {}) })
  })
  useEvent('servers.changed', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeyFor('auth.status', {}) })
  })
  return useInvoke('auth.status', {})
}
