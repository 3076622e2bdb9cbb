import { Center, Loader, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData } from '@tanstack/react-query'
import { useState } from 'react'
import { ScreenHeader } from '../../components/screen-header'
import { useAuthStatus } from '../../components/sign-in/use-auth-status'
import { ViewerError } from '../../components/viewer-error'
import { useServers } from '../../features/servers/use-servers'
import { useInvoke } from '../../ipc/hooks'
import { PagePicker } from './page-picker'
import { SignedOutUploads } from './signed-out-uploads'
import { DEFAULT_FILTERS, UploadsFilters, type UploadFilters } from './uploads-filters'
import { UploadsTable } from './uploads-table'

const PAGE_SIZE = 50

/** Uploads: the signed-in user's uploads on the active server, filtered, sorted and paged. */
export function UploadsScreen() {
  const servers = useServers()
  const auth = useAuthStatus()
  const serverId = servers.activeId ?? ''
  const signedIn = Boolean(auth.data?.session)
  return (
    <Stack gap="lg" data-testid="screen-uploads">
      <ScreenHeader
        title="Uploads"
        description="Your uploads on the active server: processing state, visibility, members and files."
      />
      {auth.isLoading || servers.isLoading ? (
        <Center h={160}>
          <Loader size="sm" role="status" aria-label="Loading" />
        </Center>
      ) : signedIn ? (
        <UploadsList serverId={serverId} />
      ) : (
        <SignedOutUploads serverId={serverId} />
      )}
    </Stack>
  )
}

function UploadsList({ serverId }: { serverId: string }) {
  const [filters, setFilters] = useState<UploadFilters>(DEFAULT_FILTERS)
  const [page, setPage] = useState(1)
  const [name] = useDebouncedValue(filters.name.trim(), 300)
  const list = useInvoke(
    'uploads.list',
    {
      serverId,
      roles: filters.roles,
      ...(filters.published === 'any' ? {} : { published: filters.published === 'yes' }),
      ...(filters.processStatus ? { processStatus: filters.processStatus as 'SUCCESS' } : {}),
      ...(name ? { name } : {}),
      orderBy: filters.orderBy,
      order: filters.order,
      page,
      pageSize: PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  )
  const total = list.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const changed = (next: UploadFilters) => {
    setFilters(next)
    setPage(1)
  }
  const filtered =
    JSON.stringify({ ...filters, order: 'desc', orderBy: 'upload_create_time' }) !==
    JSON.stringify(DEFAULT_FILTERS)
  return (
    <Stack gap="md">
      <UploadsFilters value={filters} onChange={changed} />
      {list.isLoading && (
        <Center h={160}>
          <Loader size="sm" role="status" aria-label="Loading your uploads" />
        </Center>
      )}
      {list.error && (
        <ViewerError
          error={list.error}
          subject="list of uploads"
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && total === 0 && (
        <Text size="sm" c="dimmed" data-testid="uploads-empty">
          {filtered
            ? 'No upload matches these filters. Clear the name or pick “Any role” and “Published or not”.'
            : 'You have no uploads on this server yet. Uploads you create, or that others share with you as coauthor or reviewer, show here.'}
        </Text>
      )}
      {list.data && total > 0 && (
        <>
          <Text size="xs" c="dimmed" data-testid="uploads-total">
            {total.toLocaleString('en-US')} upload{total === 1 ? '' : 's'}
            {pages > 1 ? `, page ${page} of ${pages}` : ''}
          </Text>
          <UploadsTable serverId={serverId} items={list.data.items} />
          <PagePicker pages={pages} page={page} onChange={setPage} label="Pages of uploads" />
        </>
      )}
    </Stack>
  )
}
