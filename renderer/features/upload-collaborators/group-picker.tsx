import {} from '@mantine/core'
import { DeferredSelect } from '../../components/deferred-select'
import { useDebouncedValue } from '@mantine/hooks'
import { IconUsersGroup } from '@tabler/icons-react'
import { useState } from 'react'
import { useInvoke } from '../../ipc/hooks'

/**
 * Picks a group: the user's own groups while nothing is typed, every group whose name has the
 * typed words otherwise (the server filters; debounced). Keyboard: type, arrows, Enter.
 */
export function GroupPicker({
  serverId,
  label,
  exclude,
  disabled,
  onPick,
}: {
  serverId: string
  label: string
  exclude: readonly string[]
  disabled?: boolean
  onPick: (groupId: string) => void
}) {
  const [text, setText] = useState('')
  const [search] = useDebouncedValue(text.trim(), 250)
  const list = useInvoke(
    'groups.list',
    search === '' ? { serverId, scope: 'mine' } : { serverId, scope: 'search', search },
    { staleTime: 5_000, retry: false },
  )
  const data = (list.data?.groups ?? [])
    .filter((g) => !exclude.includes(g.groupId))
    .map((g) => ({
      value: g.groupId,
      label: g.name,
    }))
  return (
    <DeferredSelect
      label={label}
      placeholder={search === '' ? 'Your groups, or type to search all' : 'Groups'}
      searchable
      searchValue={text}
      onSearchChange={setText}
      value={null}
      data={data}
      // The server already filtered by the words typed.
      filter={({ options }) => options}
      nothingFoundMessage={
        list.isFetching
          ? 'Searching…'
          : list.error
            ? list.error.message
            : search === ''
              ? 'You have no groups yet; type to search all groups.'
              : `No group has “${search}” in its name.`
      }
      leftSection={<IconUsersGroup size={14} aria-hidden />}
      disabled={disabled}
      onChange={(value) => {
        if (value === null) return
        onPick(value)
        setText('')
      }}
      comboboxProps={{ withinPortal: false }}
      data-testid="collaborator-group-picker"
    />
  )
}
