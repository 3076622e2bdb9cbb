import { Text } from '@mantine/core'
import { memo } from 'react'
import type { AppError } from '../../../shared/errors'
import { SEE_NOTICE, useUnreachableNotice } from '../../features/servers/use-unreachable-notice'
import { formatCount } from './model/format'

/**
 * The line under the Search button: what the draft query would find, or why it cannot count
 * (in short while the shell's notice says the server cannot be reached).
 */
export const LiveCount = memo(function LiveCount({
  count,
  fresh,
  error,
  optimade,
}: {
  count: number | undefined
  fresh: boolean
  error: AppError | null
  optimade: boolean
}) {
  const unreachable = useUnreachableNotice().shown
  if (error && !optimade && unreachable)
    return (
      <Text size="xs" c="red" px="sm" py={4} data-testid="live-count-error">
        {SEE_NOTICE}
      </Text>
    )
  if (error && !optimade)
    return (
      <Text size="xs" c="red" px="sm" py={4} data-testid="live-count-error">
        {error.code === 'auth_required' ? 'Sign in to see your own or shared entries. ' : ''}
        {error.message}
      </Text>
    )
  return (
    <Text
      size="xs"
      c="dimmed"
      px="sm"
      py={4}
      data-testid="live-count"
      data-total={fresh ? (count ?? '') : ''}
    >
      {optimade
        ? 'The OPTIMADE filter needs fixing (see below).'
        : count === undefined
          ? 'Counting…'
          : `${formatCount(count)} entries match the query below${fresh ? '' : ' (updating…)'}.`}
    </Text>
  )
})
