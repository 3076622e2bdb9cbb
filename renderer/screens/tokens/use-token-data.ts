import { useQueryClient } from '@tanstack/react-query'
import { queryKeyFor, useEvent } from '../../ipc/hooks'

const TOKEN_QUERIES = ['tokens.list', 'tokens.get', 'tokens.stored'] as const

/**
 * Keeps the Tokens screen's cached data current: token changes (here or in another window),
 * vault changes, reminders and a switch of the active server.
 */
export function useTokenLiveUpdates() {
  const queryClient = useQueryClient()
  const refreshTokens = () => {
    for (const channel of TOKEN_QUERIES) void queryClient.invalidateQueries({ queryKey: [channel] })
  }
  useEvent('tokens.changed', refreshTokens)
  useEvent('servers.changed', () => {
    refreshTokens()
    void queryClient.invalidateQueries({ queryKey: ['tokens.reminders'] })
  })
  useEvent('auth.changed', refreshTokens)
  useEvent('vault.changed', (status) => {
    queryClient.setQueryData(queryKeyFor('vault.status', {}), status)
    void queryClient.invalidateQueries({ queryKey: ['tokens.stored'] })
  })
  useEvent('tokens.reminders', (reminders) =>
    queryClient.setQueryData(queryKeyFor('tokens.reminders', {}), reminders),
  )
}
