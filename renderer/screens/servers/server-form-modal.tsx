import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { EXAMPLE_API_URL } from '../../../shared/ipc/models/server-url'
import type { ServerProfile, ServerStatus } from '../../../shared/ipc/models/server-profile'
import { AppError } from '../../../shared/errors'
import { useIpcClient } from '../../ipc/client-context'
import { useMutationInvoke } from '../../ipc/hooks'
import { useServers } from '../../features/servers/use-servers'
import { ServerCheckNotice } from './server-check-notice'
import {
  NAME_MAX,
  NOTE_MAX,
  errorsFromAppError,
  validateServerForm,
  validateUrl,
  type ServerFormErrors,
  type ServerFormValues,
} from './server-form-rules'

/**
 * Add a server (editing = null) or edit a user profile; inline errors, saved through IPC. A new
 * address is checked first (servers.probe): one that answers is saved at once, one that does not
 * is explained in the form with "Save anyway".
 */
export function ServerFormModal({
  opened,
  editing,
  onClose,
}: {
  opened: boolean
  editing: ServerProfile | null
  onClose: () => void
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit “${editing.name}”` : 'Add a server'}
      size="lg"
      data-testid="server-form"
    >
      {/* Keyed so each opening starts from the profile's current values. */}
      {opened && <ServerForm key={editing?.id ?? 'new'} editing={editing} onDone={onClose} />}
    </Modal>
  )
}

function ServerForm({ editing, onDone }: { editing: ServerProfile | null; onDone: () => void }) {
  const [values, setValues] = useState<ServerFormValues>({
    name: editing?.name ?? '',
    baseUrl: editing?.baseUrl ?? '',
    note: editing?.note ?? '',
  })
  const [errors, setErrors] = useState<ServerFormErrors>({})
  const [general, setGeneral] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const [unreachable, setUnreachable] = useState<ServerStatus | null>(null)
  const client = useIpcClient()
  const { servers } = useServers()

  const onError = (error: Parameters<typeof errorsFromAppError>[0]) => {
    const mapped = errorsFromAppError(error)
    if (mapped.field) setErrors((e) => ({ ...e, [mapped.field as string]: mapped.message }))
    else setGeneral(mapped.message)
  }
  const onSaved = (name: string) => {
    notifications.show({
      color: 'teal',
      title: editing ? 'Server updated' : 'Server added',
      message: editing
        ? `Saved your changes to “${name}”.`
        : `“${name}” is in your list. Select it to work with it.`,
    })
    onDone()
  }
  const add = useMutationInvoke('servers.add', { onError, onSuccess: (p) => onSaved(p.name) })
  const update = useMutationInvoke('servers.update', { onError, onSuccess: (p) => onSaved(p.name) })
  const saving = add.isPending || update.isPending

  const set = (field: keyof ServerFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    // Clear a shown error as soon as the user edits that field; re-check on blur/submit.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
    setGeneral(null)
    // The check was of the old address; the next submit checks the new one.
    if (field === 'baseUrl') setUnreachable(null)
  }

  const save = () => {
    if (editing) update.mutate({ id: editing.id, ...values })
    else add.mutate(values)
  }

  const submit = async () => {
    const found = validateServerForm(values)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    // A taken name is said before the (slower) address check; core still refuses it on save.
    const clash = servers.find(
      (s) =>
        s.id !== editing?.id &&
        s.name.localeCompare(values.name.trim(), undefined, { sensitivity: 'accent' }) === 0,
    )
    if (clash) {
      setErrors({ name: `A server profile named “${clash.name}” already exists.` })
      return
    }
    // Only a new address needs a check; renaming or a new note saves at once.
    if (editing !== null && values.baseUrl.trim() === editing.baseUrl) return save()
    setChecking(true)
    setUnreachable(null)
    try {
      const status = await client.invoke('servers.probe', { baseUrl: values.baseUrl })
      if (status.state === 'online') save()
      else setUnreachable(status)
    } catch (error) {
      onError(error instanceof AppError ? error : new AppError('internal', String(error)))
    } finally {
      setChecking(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          description="How the server appears in menus"
          placeholder="Group Oasis"
          required
          maxLength={NAME_MAX + 20}
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errors.name}
          data-testid="server-name-input"
          data-autofocus
        />
        <TextInput
          label="API address"
          description="The server's API root, ending in its version, e.g. …/api/v1. Plain http only for this computer."
          placeholder={EXAMPLE_API_URL}
          required
          value={values.baseUrl}
          onChange={(e) => set('baseUrl')(e.currentTarget.value)}
          onBlur={() => {
            if (values.baseUrl.trim() !== '')
              setErrors((e) => ({ ...e, baseUrl: validateUrl(values.baseUrl) }))
          }}
          error={errors.baseUrl}
          spellCheck={false}
          autoComplete="off"
          data-testid="server-url-input"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {editing !== null && values.baseUrl.trim() !== editing.baseUrl && (
          <Alert color="yellow" variant="light" data-testid="server-url-change-note">
            A new address signs you out of this server, and its stored token stops being used until
            you choose it again on the Tokens screen, so a token never goes to a server it was not
            made for.
          </Alert>
        )}
        <Textarea
          label="Note"
          description="Optional: what this server is for, who runs it"
          autosize
          minRows={2}
          maxRows={5}
          value={values.note}
          onChange={(e) => set('note')(e.currentTarget.value)}
          error={errors.note}
          maxLength={NOTE_MAX + 50}
          data-testid="server-note-input"
        />
        {general && (
          <Alert color="red" variant="light" data-testid="server-form-error">
            {general}
          </Alert>
        )}
        {unreachable && (
          <ServerCheckNotice status={unreachable} saving={saving} onSaveAnyway={save} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={saving || checking}
            variant={unreachable ? 'default' : 'filled'}
            data-testid="server-form-submit"
          >
            {unreachable ? 'Check again' : editing ? 'Save changes' : 'Add server'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
