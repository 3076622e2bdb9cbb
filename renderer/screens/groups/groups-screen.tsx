import { ServerNeededTooltip, useServerNeeded } from '../../components/server-needed'
import { Button, Loader, Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPlus } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { GroupView, Person } from '../../../shared/ipc/channels/groups'
import { ScreenHeader } from '../../components/screen-header'
import { useAuthStatus } from '../../components/sign-in/use-auth-status'
import { useEvent, useInvoke } from '../../ipc/hooks'
import { useServers } from '../../features/servers/use-servers'
import { DeleteGroupModal } from './delete-group-modal'
import { GroupEditor } from './group-editor'
import { GroupList } from './group-list'
import { GroupPage } from './group-page'

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; group: GroupView }
  | { kind: 'delete'; group: GroupView }
  | null

/**
 * Groups: the user's groups and a search over all groups; `group` (from #/groups/<group>) opens
 * one group's page. Creating, editing and deleting happen in dialogs over either.
 */
export function GroupsScreen({ group }: { group?: string }) {
  const { activeId } = useServers()
  const needed = useServerNeeded()
  const auth = useAuthStatus()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [dialog, setDialog] = useState<Dialog>(null)
  // Shared with the group page through the query cache; names the group in the title.
  const detail = useInvoke(
    'groups.get',
    { serverId: activeId ?? '', groupId: group ?? '' },
    { enabled: activeId !== undefined && group !== undefined, retry: false },
  )
  const session = auth.data?.session ?? null
  const signedIn = session !== null

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['groups.list'] }),
      queryClient.invalidateQueries({ queryKey: ['groups.get'] }),
    ])
  // Another account may own or belong to other groups: what is cached belongs to the old one.
  useEvent('auth.changed', () => void refresh())
  const open = (groupId: string) => void navigate({ to: '/groups/$groupId', params: { groupId } })
  const me: Person | undefined = session
    ? { userId: session.user.userId, name: session.user.name, affiliation: null, known: true }
    : undefined

  return (
    <Stack gap="lg" data-testid="screen-groups">
      <ScreenHeader
        title={group === undefined ? 'Groups' : `Groups · ${detail.data?.name ?? group}`}
        description="A group names several people at once: add it to an upload as coauthors or reviewers instead of adding each person."
        actions={
          signedIn && (
            <ServerNeededTooltip reason={needed}>
              <Button
                leftSection={<IconPlus size={16} />}
                disabled={needed !== undefined}
                onClick={() => setDialog({ kind: 'create' })}
                style={{ flex: 'none' }}
                data-testid="create-group"
              >
                Create group
              </Button>
            </ServerNeededTooltip>
          )
        }
      />
      {activeId === undefined || auth.isLoading ? (
        <Loader size="sm" role="status" aria-label="Loading" />
      ) : group === undefined ? (
        <GroupList
          serverId={activeId}
          signedIn={signedIn}
          onOpen={open}
          onCreate={() => setDialog({ kind: 'create' })}
        />
      ) : (
        <GroupPage
          serverId={activeId}
          groupId={group}
          onBack={() => void navigate({ to: '/groups' })}
          onEdit={(g) => setDialog({ kind: 'edit', group: g })}
          onDelete={(g) => setDialog({ kind: 'delete', group: g })}
        />
      )}
      {activeId !== undefined && (dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <GroupEditor
          serverId={activeId}
          {...(dialog.kind === 'edit' ? { group: dialog.group } : {})}
          {...(me ? { owner: me } : {})}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null)
            void refresh()
            notifications.show({
              color: 'teal',
              title: dialog.kind === 'create' ? `Created “${saved.name}”` : `Saved “${saved.name}”`,
              message: `${saved.members.length} ${saved.members.length === 1 ? 'member' : 'members'} besides you.`,
            })
            if (dialog.kind === 'create') open(saved.groupId)
          }}
        />
      )}
      {activeId !== undefined && dialog?.kind === 'delete' && (
        <DeleteGroupModal
          serverId={activeId}
          group={dialog.group}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null)
            notifications.show({
              color: 'teal',
              title: `Deleted “${dialog.group.name}”`,
              message: 'Its members no longer share uploads through it.',
            })
            void refresh()
            void navigate({ to: '/groups' })
          }}
        />
      )}
    </Stack>
  )
}
