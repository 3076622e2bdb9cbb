import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  DEFAULT_CACHE_MEGABYTES,
  MAX_CACHE_MEGABYTES,
  type CacheInfo,
} from '../../../shared/ipc/channels/offline-mode'
import { ErrorAlert } from '../../components/error-alert'
import { queryKeyFor, useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { formatBytes } from '../uploads/files/format-bytes'

const INFO_KEY = queryKeyFor('offline.cacheInfo', {})
const MB = 1024 * 1024

/**
 * The cache of recently viewed entries and archive parts: what it holds, its size limit (the
 * least recently viewed go first beyond it) and a button that empties it. Pins are not touched.
 */
export function RecentCacheCard() {
  const queryClient = useQueryClient()
  const info = useInvoke('offline.cacheInfo', {})
  const settle = { onSuccess: (next: CacheInfo) => queryClient.setQueryData(INFO_KEY, next) }
  const limit = useMutationInvoke('offline.cacheLimit', settle)
  const clear = useMutationInvoke('offline.cacheClear', settle)
  const [draft, setDraft] = useState<number | string>('')
  const current = info.data ? Math.round(info.data.maxBytes / MB) : DEFAULT_CACHE_MEGABYTES
  return (
    <Paper withBorder p="md" data-testid="recent-cache">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Recently viewed
        </Title>
        <Text size="sm">
          Entries and archive parts you looked at are kept too, apart from pins, so they open
          offline (marked “cached”).{' '}
          {info.data && (
            <span data-testid="recent-cache-usage">
              {info.data.items.toLocaleString('en-US')} {info.data.items === 1 ? 'item' : 'items'} ·{' '}
              {formatBytes(info.data.bytes)} of {formatBytes(info.data.maxBytes)}
            </span>
          )}
        </Text>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Size limit (MB)"
            description="The least recently viewed items go first beyond it; 0 keeps nothing."
            min={0}
            max={MAX_CACHE_MEGABYTES}
            allowDecimal={false}
            value={draft === '' ? current : draft}
            onChange={setDraft}
            w={260}
            data-testid="recent-cache-limit"
          />
          <Button
            variant="default"
            disabled={draft === '' || Number(draft) === current}
            loading={limit.isPending}
            onClick={() => limit.mutate({ maxMegabytes: Number(draft) })}
          >
            Save limit
          </Button>
          <Button
            variant="subtle"
            color="red"
            loading={clear.isPending}
            disabled={info.data?.items === 0}
            onClick={() => clear.mutate({})}
            data-testid="recent-cache-clear"
          >
            Clear the cache
          </Button>
        </Group>
        {(limit.error ?? clear.error ?? info.error) && (
          <ErrorAlert error={limit.error ?? clear.error ?? info.error} />
        )}
      </Stack>
    </Paper>
  )
}
