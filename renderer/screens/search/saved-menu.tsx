import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core'
import { LazyMenu } from '../../components/lazy-popups'
import { notifications } from '@mantine/notifications'
import { IconBookmark, IconClock, IconPencil, IconTrash } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { memo, useState } from 'react'
import type { HistoryItem, SavedSearch, SearchState } from '../../../shared/ipc/channels/search'
import type { QuantityCatalogue } from '../../../shared/query'
import { countRender } from '../../components/render-count'
import { queryKeyFor, useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { describeQuery } from './model/describe'
import { formatCount } from './model/format'
import { MountWhenOpened } from '../../components/on-demand/mount-when-opened'

/**
 * Saved searches of this server: load, save the current one, rename, remove. Memoised: a submit
 * changes none of its props, and its menu is work the click's first row should not wait for.
 */
export const SavedMenu = memo(function SavedMenu({
  serverId,
  current,
  onLoad,
}: {
  serverId: string
  /** What the menu's "Save this search" saves, read when it saves (a submit re-renders nothing). */
  current: () => SearchState
  onLoad: (state: SearchState) => void
}) {
  countRender('search-saved')
  const queryClient = useQueryClient()
  const list = useInvoke('search.saved.list', { serverId })
  const [editing, setEditing] = useState<{ id?: string; name: string } | null>(null)
  const refresh = (value: SavedSearch[]) =>
    queryClient.setQueryData(queryKeyFor('search.saved.list', { serverId }), value)
  const save = useMutationInvoke('search.saved.save', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['search.saved.list'] })
      setEditing(null)
    },
  })
  const remove = useMutationInvoke('search.saved.remove', { onSuccess: refresh })
  const saved = list.data ?? []
  return (
    <>
      <LazyMenu
        position="bottom-end"
        width={320}
        target={
          <Button
            size="xs"
            variant="default"
            leftSection={<IconBookmark size={14} />}
            data-testid="saved-searches"
          >
            Saved
          </Button>
        }
      >
        <Menu.Dropdown data-testid="saved-dropdown">
          <Menu.Item onClick={() => setEditing({ name: '' })} data-testid="save-current">
            Save this search…
          </Menu.Item>
          {saved.length > 0 && <Menu.Divider />}
          {saved.map((s) => (
            <Menu.Item
              key={s.id}
              onClick={() => onLoad(s.search)}
              data-testid="saved-item"
              rightSection={
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    aria-label={`Rename ${s.name}`}
                    onClick={(e) => {
                      e.stopPropagation()
                      setEditing({ id: s.id, name: s.name })
                    }}
                  >
                    <IconPencil size={12} />
                  </ActionIcon>
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${s.name}`}
                    onClick={(e) => {
                      e.stopPropagation()
                      remove.mutate({ serverId, id: s.id })
                    }}
                  >
                    <IconTrash size={12} />
                  </ActionIcon>
                </Group>
              }
            >
              <Text size="sm" truncate>
                {s.name}
              </Text>
            </Menu.Item>
          ))}
          {saved.length === 0 && (
            <Text size="xs" c="dimmed" px="sm" py={6}>
              No saved searches on this server yet.
            </Text>
          )}
        </Menu.Dropdown>
      </LazyMenu>
      <MountWhenOpened opened={editing !== null}>
        {(opened) => (
          <Modal
            opened={opened}
            onClose={() => setEditing(null)}
            title={editing?.id ? 'Rename saved search' : 'Save this search'}
          >
            <form
              onSubmit={(e) => {
                e.preventDefault()
                if (!editing) return
                const existing = saved.find((s) => s.id === editing.id)
                save.mutate(
                  {
                    serverId,
                    name: editing.name,
                    search: existing && editing.id ? existing.search : current(),
                    ...(editing.id ? { id: editing.id } : {}),
                  },
                  {
                    onError: (err) =>
                      notifications.show({
                        color: 'red',
                        title: 'Not saved',
                        message: err.message,
                      }),
                  },
                )
              }}
            >
              <Stack gap="sm">
                <TextInput
                  label="Name"
                  placeholder="e.g. Ti–O oxides, VASP, gap > 1 eV"
                  value={editing?.name ?? ''}
                  onChange={(e) => {
                    const name = e.currentTarget.value
                    setEditing((ed) => (ed ? { ...ed, name } : ed))
                  }}
                  error={save.error?.message}
                  data-autofocus
                  data-testid="saved-name"
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending} data-testid="saved-submit">
                    Save
                  </Button>
                </Group>
              </Stack>
            </form>
          </Modal>
        )}
      </MountWhenOpened>
    </>
  )
})

/** Recent searches (submitted ones), most recent first. Memoised like SavedMenu. */
export const HistoryMenu = memo(function HistoryMenu({
  serverId,
  catalogue,
  onLoad,
}: {
  serverId: string
  catalogue: QuantityCatalogue
  onLoad: (item: HistoryItem) => void
}) {
  countRender('search-history')
  const queryClient = useQueryClient()
  const list = useInvoke('search.history.list', { serverId })
  const clear = useMutationInvoke('search.history.clear', {
    onSuccess: (value) =>
      queryClient.setQueryData(queryKeyFor('search.history.list', { serverId }), value),
  })
  const items = list.data ?? []
  return (
    <LazyMenu
      position="bottom-end"
      width={380}
      target={
        <Button
          size="xs"
          variant="default"
          leftSection={<IconClock size={14} />}
          data-testid="history"
        >
          History
        </Button>
      }
    >
      <Menu.Dropdown data-testid="history-dropdown">
        {items.slice(0, 20).map((item) => (
          <Menu.Item key={`${item.at}`} onClick={() => onLoad(item)} data-testid="history-item">
            <Text size="xs" lineClamp={2}>
              {describeQuery(item.query, catalogue)}
            </Text>
            <Text size="xs" c="dimmed">
              {item.owner} · {item.total === null ? '' : `${formatCount(item.total)} results · `}
              {new Date(item.at).toLocaleString()}
            </Text>
          </Menu.Item>
        ))}
        {items.length === 0 ? (
          <Text size="xs" c="dimmed" px="sm" py={6}>
            Searches you run appear here.
          </Text>
        ) : (
          <>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => clear.mutate({ serverId })}>
              Clear history
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </LazyMenu>
  )
})
