import { Stack } from '@mantine/core'
import { ErrorAlert } from '../../../components/error-alert'
import { SEE_NOTICE, useUnreachableNotice } from '../../../features/servers/use-unreachable-notice'
import { SearchErrorActions } from './search-error'

/**
 * In place of the results when the search failed before any row arrived. While the shell's
 * notice says the server cannot be reached, this points at it rather than repeating it.
 */
export function SearchFailure({
  error,
  onRetry,
  onOwner,
}: {
  error: Error
  onRetry: () => void
  onOwner: (owner: 'public') => void
}) {
  const unreachable = useUnreachableNotice().shown
  return (
    <Stack p="md" data-testid="results-error">
      <ErrorAlert
        error={error}
        title="The search could not run"
        {...(unreachable ? { message: SEE_NOTICE } : {})}
      />
      <SearchErrorActions error={error} onRetry={onRetry} onOwner={onOwner} />
    </Stack>
  )
}
