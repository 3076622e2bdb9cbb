import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { EXAMPLE_API_URL } from '../../../shared/ipc/models/server-url'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import { useMutationInvoke } from '../../ipc/hooks'
import {
  NAME_MAX,
  NOTE_MAX,
  errorsFromAppError,
  validateServerForm,
  validateUrl,
  type ServerFormErrors,
  type ServerFormValues,
} from './server-form-rules'

/** Add a server (editing = null) or edit a user profile; inline errors, saved through IPC. */
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
  }

  const submit = () => {
    const found = validateServerForm(values)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    if (editing) update.mutate({ id: editing.id, ...values })
    else add.mutate(values)
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} data-testid="server-form-submit">
            {editing ? 'Save changes' : 'Add server'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
