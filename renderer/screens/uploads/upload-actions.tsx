import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { IconLockOpen, IconPencil, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import type { UploadDetail } from '../../../shared/ipc/channels/uploads'
import { ErrorAlert } from '../../components/error-alert'
import { useMutationInvoke } from '../../ipc/hooks'
import {
  DeleteUploadModal,
  EditUploadModal,
  LiftEmbargoModal,
  PublishModal,
} from './upload-action-modals'

type Open = 'publish' | 'liftEmbargo' | 'delete' | 'edit' | null

/** Everything that shows an upload's state; refreshed after an action and when processing ends. */
export const UPLOAD_QUERIES = [
  'uploads.get',
  'uploads.list',
  'uploads.entries',
  'collaborators.get',
]

/**
 * The writing actions the signed-in role has on the server (detail.actions, decided in core by
 * NOMAD's rules): publish (asks for the embargo; irreversible), name and embargo, reprocess,
 * lift the embargo (asks), delete (asks for the name). While the server processes the upload
 * it says so instead; the page polls until it has finished. Deleting returns to the list.
 */
export function UploadActions({ serverId, detail }: { serverId: string; detail: UploadDetail }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState<Open>(null)
  const refresh = () =>
    Promise.all(
      UPLOAD_QUERIES.map((channel) => queryClient.invalidateQueries({ queryKey: [channel] })),
    )
  const action = useMutationInvoke('uploads.action', {
    onSuccess: async (_, input) => {
      setOpen(null)
      if (input.action === 'delete') {
        await queryClient.invalidateQueries({ queryKey: ['uploads.list'] })
        window.location.hash = '#/uploads'
        return
      }
      await refresh()
    },
  })
  const edit = useMutationInvoke('uploads.edit', {
    onSuccess: async () => {
      setOpen(null)
      await refresh()
    },
  })
  const u = detail.summary
  const can = detail.actions
  const base = { serverId, uploadId: u.uploadId }
  const close = () => {
    setOpen(null)
    action.reset()
    edit.reset()
  }
  const modal = { upload: u, pending: action.isPending || edit.isPending, onClose: close }
  if (!detail.signedIn || detail.myRole === 'reviewer' || detail.myRole === 'none') return null

  return (
    <Stack gap="xs" data-testid="upload-actions">
      <Title order={2} size="h5">
        Actions
      </Title>
      {u.processRunning ? (
        <Alert
          variant="light"
          color="blue"
          icon={<Loader size={16} />}
          title="The server is processing this upload"
          data-testid="upload-processing"
        >
          {u.lastStatusMessage ?? u.processStatus ?? 'Processing'}. Its actions are available again
          when it has finished; this page updates by itself.
        </Alert>
      ) : (
        <Group gap="xs">
          {can.publish && (
            <Button leftSection={<IconSend size={16} />} onClick={() => setOpen('publish')}>
              Publish…
            </Button>
          )}
          {can.edit && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setOpen('edit')}
            >
              Name and embargo…
            </Button>
          )}
          {can.reprocess && (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={action.isPending && action.variables.action === 'reprocess'}
              onClick={() => action.mutate({ ...base, action: 'reprocess' })}
            >
              Reprocess
            </Button>
          )}
          {can.liftEmbargo && (
            <Button
              variant="default"
              color="orange"
              leftSection={<IconLockOpen size={16} />}
              onClick={() => setOpen('liftEmbargo')}
            >
              Lift embargo…
            </Button>
          )}
          {can.delete && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setOpen('delete')}
            >
              Delete…
            </Button>
          )}
        </Group>
      )}
      {!u.processRunning && !Object.values(can).some(Boolean) && (
        <Text size="sm" c="dimmed">
          {u.published
            ? 'Published: its files and entries can no longer be changed.'
            : 'Nothing can be done to it right now.'}
        </Text>
      )}
      {open === null && action.error && <ErrorAlert error={action.error} />}
      {open === 'publish' && (
        <PublishModal
          {...modal}
          error={action.error}
          onPublish={(embargoLength) =>
            action.mutate({ ...base, action: 'publish', embargoLength })
          }
        />
      )}
      {open === 'liftEmbargo' && (
        <LiftEmbargoModal
          {...modal}
          error={action.error}
          onLift={() => action.mutate({ ...base, action: 'liftEmbargo' })}
        />
      )}
      {open === 'delete' && (
        <DeleteUploadModal
          {...modal}
          error={action.error}
          onDelete={() => action.mutate({ ...base, action: 'delete' })}
        />
      )}
      {open === 'edit' && (
        <EditUploadModal
          {...modal}
          error={edit.error}
          onSave={(change) => edit.mutate({ ...base, ...change })}
        />
      )}
    </Stack>
  )
}
