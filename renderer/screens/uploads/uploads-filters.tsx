import { ActionIcon, Group, MultiSelect, TextInput } from '@mantine/core'
import { DeferredSelect } from '../../components/deferred-select'
import { IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react'
import type { UPLOAD_ORDER, UploadRole } from '../../../shared/ipc/channels/uploads'

export interface UploadFilters {
  roles: UploadRole[]
  published: 'any' | 'yes' | 'no'
  processStatus: string
  name: string
  orderBy: (typeof UPLOAD_ORDER)[number]
  order: 'asc' | 'desc'
}

export const DEFAULT_FILTERS: UploadFilters = {
  roles: [],
  published: 'any',
  processStatus: '',
  name: '',
  orderBy: 'upload_create_time',
  order: 'desc',
}

/** The list's filters (role, published, processing state, name) and its sort. */
export function UploadsFilters({
  value,
  onChange,
}: {
  value: UploadFilters
  onChange: (next: UploadFilters) => void
}) {
  const set = <K extends keyof UploadFilters>(key: K, v: UploadFilters[K]) =>
    onChange({ ...value, [key]: v })
  return (
    <Group gap="xs" wrap="wrap" align="flex-end" data-testid="uploads-filters">
      <TextInput
        size="xs"
        label="Name"
        placeholder="Part of the name"
        leftSection={<IconSearch size={14} />}
        value={value.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        w={200}
        data-testid="uploads-name-filter"
      />
      <MultiSelect
        size="xs"
        label="My role"
        placeholder={value.roles.length ? undefined : 'Any role'}
        data={[
          { value: 'main_author', label: 'Main author' },
          { value: 'coauthor', label: 'Coauthor' },
          { value: 'reviewer', label: 'Reviewer' },
        ]}
        value={value.roles}
        onChange={(roles) => set('roles', roles as UploadRole[])}
        w={230}
        data-testid="uploads-role-filter"
      />
      <DeferredSelect
        size="xs"
        label="Published"
        data={[
          { value: 'any', label: 'Published or not' },
          { value: 'yes', label: 'Published' },
          { value: 'no', label: 'Unpublished' },
        ]}
        value={value.published}
        allowDeselect={false}
        onChange={(v) => set('published', (v ?? 'any') as UploadFilters['published'])}
        w={160}
        data-testid="uploads-published-filter"
      />
      <DeferredSelect
        size="xs"
        label="Processing"
        data={[
          { value: '', label: 'Any state' },
          { value: 'SUCCESS', label: 'Success' },
          { value: 'FAILURE', label: 'Failure' },
          { value: 'RUNNING', label: 'Running' },
          { value: 'PENDING', label: 'Pending' },
        ]}
        value={value.processStatus}
        allowDeselect={false}
        onChange={(v) => set('processStatus', v ?? '')}
        w={130}
      />
      <DeferredSelect
        size="xs"
        label="Sort by"
        data={[
          { value: 'upload_create_time', label: 'Created' },
          { value: 'publish_time', label: 'Published' },
          { value: 'upload_name', label: 'Name' },
        ]}
        value={value.orderBy}
        allowDeselect={false}
        onChange={(v) => v && set('orderBy', v as UploadFilters['orderBy'])}
        w={130}
        data-testid="uploads-sort"
      />
      <ActionIcon
        variant="default"
        size={30}
        onClick={() => set('order', value.order === 'asc' ? 'desc' : 'asc')}
        aria-label={
          value.order === 'asc'
            ? 'Ascending; switch to descending'
            : 'Descending; switch to ascending'
        }
      >
        {value.order === 'asc' ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
      </ActionIcon>
    </Group>
  )
}
