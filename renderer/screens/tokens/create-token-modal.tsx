import { Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { AppError } from '../../../shared/errors'
import type { PatView, Reveal } from '../../../shared/ipc/channels/tokens'
import { formatExact, useNow } from '../../components/relative-time'
import { useMutationInvoke } from '../../ipc/hooks'
import { APP_SCOPES } from './scope-catalogue'
import { DialogActions } from './dialog-actions'
import { ScopePicker } from './scope-picker'

type Preset = '7' | '30' | '90' | 'custom'
const DAY = 24 * 3600 * 1000

/** Create a PAT: name, note, scopes (least privilege preselected), lifetime. */
export function CreateTokenModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean
  onClose: () => void
  onCreated: (result: { pat: PatView; reveal: Reveal }) => void
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create a personal access token"
      size="lg"
      data-testid="create-token-modal"
    >
      {opened && <CreateTokenForm onCancel={onClose} onCreated={onCreated} />}
    </Modal>
  )
}

function CreateTokenForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void
  onCreated: (result: { pat: PatView; reveal: Reveal }) => void
}) {
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [scopes, setScopes] = useState<string[]>([...APP_SCOPES])
  const [preset, setPreset] = useState<Preset>('30')
  const [customDays, setCustomDays] = useState<number | string>(180)
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; days?: string }>({})
  const [serverError, setServerError] = useState<AppError | null>(null)
  // gcTime 0: the reply holds the raw token; no cache keeps it once the dialog is gone.
  const create = useMutationInvoke('tokens.create', {
    gcTime: 0,
    onSuccess: onCreated,
    onError: setServerError,
  })
  const now = useNow()
  const days = preset === 'custom' ? Number(customDays) : Number(preset)
  const validDays = Number.isInteger(days) && days >= 1

  const submit = () => {
    const found = {
      ...(name.trim() === '' ? { name: 'Give the token a name, e.g. “laptop notebook”.' } : {}),
      ...(scopes.length === 0 ? { scopes: 'Choose at least one scope.' } : {}),
      ...(!validDays ? { days: 'Enter a whole number of days, at least 1.' } : {}),
    }
    setErrors(found)
    setServerError(null)
    if (Object.keys(found).length > 0) return
    create.mutate({
      name: name.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
      scopes,
      expiresInDays: days,
    })
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          description="Where you will use it, so you recognise it later"
          placeholder="laptop notebook"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
          data-testid="create-name"
        />
        <TextInput
          label="Note"
          placeholder="Optional: what it is for"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          data-testid="create-description"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Expires after
          </Text>
          <Group gap="sm" align="flex-start">
            <SegmentedControl
              data={[
                { value: '7', label: '7 days' },
                { value: '30', label: '30 days' },
                { value: '90', label: '90 days' },
                { value: 'custom', label: 'Custom' },
              ]}
              value={preset}
              onChange={(value) => setPreset(value as Preset)}
              data-testid="create-expiry"
            />
            {preset === 'custom' && (
              <NumberInput
                w={130}
                min={1}
                max={3650}
                allowDecimal={false}
                suffix=" days"
                value={customDays}
                onChange={setCustomDays}
                error={errors.days}
                aria-label="Days until it expires"
                data-testid="create-days"
              />
            )}
          </Group>
          <Text size="xs" c="dimmed" data-testid="create-expiry-date">
            {validDays
              ? `Expires ${formatExact(new Date(now + days * DAY).toISOString())}. The server sets a maximum (365 days on nomad-lab.eu).`
              : ' '}
          </Text>
        </Stack>
        <ScopePicker
          value={scopes}
          onChange={setScopes}
          error={errors.scopes ?? null}
          note={`Preselected: ${APP_SCOPES.join(', ')} — what NOMAD Desktop itself needs to search, browse and download your uploads and show your groups, all read-only. Add write scopes only for scripts that change data.`}
        />
        <DialogActions
          error={serverError?.message ?? null}
          errorTitle="The server did not create the token"
          errorTestId="create-error"
          onCancel={onCancel}
          label="Create token"
          loading={create.isPending}
          actionTestId="create-submit"
        />
      </Stack>
    </form>
  )
}
