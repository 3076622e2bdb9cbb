import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { MAX_EMBARGO_MONTHS, type UploadSummary } from '../../../shared/ipc/channels/uploads'
import { ErrorAlert } from '../../components/error-alert'
import { useReturnFocus } from '../../components/return-focus'

/** What the modals need from the action runner of upload-actions.tsx. */
export interface ModalProps {
  upload: UploadSummary
  pending: boolean
  error: unknown
  onClose: () => void
}

function ActionModal({
  title,
  testId,
  children,
  confirm,
  keep,
  color,
  disabled,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  title: string
  testId: string
  children: ReactNode
  confirm: string
  keep: string
  color: string
  disabled?: boolean
  pending: boolean
  error: unknown
  onClose: () => void
  onConfirm: () => void
}) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  return (
    <Modal opened onClose={onClose} title={<Text fw={650}>{title}</Text>} data-testid={testId}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!disabled) onConfirm()
        }}
      >
        <Stack gap="md">
          {children}
          {error !== null && error !== undefined && <ErrorAlert error={error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              {keep}
            </Button>
            <Button
              type="submit"
              color={color}
              loading={pending}
              disabled={disabled}
              data-testid={`${testId}-confirm`}
            >
              {confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

function EmbargoInput({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  return (
    <NumberInput
      label="Embargo (months)"
      description={`0 for none; at most ${MAX_EMBARGO_MONTHS}. Under embargo only the members see the entries.`}
      min={0}
      max={MAX_EMBARGO_MONTHS}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : 0)}
      data-testid="embargo-input"
    />
  )
}

const nameOf = (upload: UploadSummary) => upload.name ?? upload.uploadId

/** Publishing cannot be undone: says what changes and asks for the embargo. */
export function PublishModal(props: ModalProps & { onPublish: (embargoLength: number) => void }) {
  const [embargo, setEmbargo] = useState(props.upload.embargoLength)
  return (
    <ActionModal
      {...props}
      title={`Publish “${nameOf(props.upload)}”?`}
      testId="publish-modal"
      confirm={embargo > 0 ? `Publish with ${embargo} months embargo` : 'Publish now'}
      keep="Not yet"
      color="blue"
      onConfirm={() => props.onPublish(embargo)}
    >
      <Text size="sm">
        Publishing is <b>irreversible</b>: afterwards no one can add, change or delete its files,
        reprocess it or delete it, and its {props.upload.entries.toLocaleString('en-US')} entries
        become citable. Without an embargo everyone can find and download them at once.
      </Text>
      <EmbargoInput value={embargo} onChange={setEmbargo} />
    </ActionModal>
  )
}

/** Lifting the embargo makes a published upload public now; it cannot be put back. */
export function LiftEmbargoModal(props: ModalProps & { onLift: () => void }) {
  return (
    <ActionModal
      {...props}
      title={`Lift the embargo of “${nameOf(props.upload)}”?`}
      testId="lift-embargo-modal"
      confirm="Lift the embargo"
      keep="Keep the embargo"
      color="orange"
      onConfirm={props.onLift}
    >
      <Text size="sm">
        Everyone can then see and download its entries and files, before the{' '}
        {props.upload.embargoLength} months are over. An embargo cannot be set again once lifted.
      </Text>
    </ActionModal>
  )
}

/** Deleting removes the upload with all its files and entries: the name or id must be typed. */
export function DeleteUploadModal(props: ModalProps & { onDelete: () => void }) {
  const [typed, setTyped] = useState('')
  const { upload } = props
  const matches = typed.trim() !== '' && [upload.name, upload.uploadId].includes(typed.trim())
  return (
    <ActionModal
      {...props}
      title={`Delete “${nameOf(upload)}”?`}
      testId="delete-upload-modal"
      confirm="Delete upload"
      keep="Keep the upload"
      color="red"
      disabled={!matches}
      onConfirm={props.onDelete}
    >
      <Text size="sm">
        The upload, all its files and its {upload.entries.toLocaleString('en-US')} entries are
        deleted on the server for everyone who shares it. This cannot be undone.
      </Text>
      <TextInput
        label="Type the upload's name or id to confirm"
        description={upload.name ? `${upload.name} (or ${upload.uploadId})` : upload.uploadId}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        data-testid="delete-upload-typed"
      />
    </ActionModal>
  )
}

/** Rename and set the embargo of an unpublished upload. */
export function EditUploadModal(
  props: ModalProps & { onSave: (change: { name?: string; embargoLength?: number }) => void },
) {
  const { upload } = props
  const [name, setName] = useState(upload.name ?? '')
  const [embargo, setEmbargo] = useState(upload.embargoLength)
  const trimmed = name.trim()
  const change = {
    ...(trimmed !== (upload.name ?? '') ? { name: trimmed } : {}),
    ...(embargo !== upload.embargoLength ? { embargoLength: embargo } : {}),
  }
  const empty = trimmed === ''
  return (
    <ActionModal
      {...props}
      title="Name and embargo"
      testId="edit-upload-modal"
      confirm="Save"
      keep="Cancel"
      color="blue"
      disabled={empty || Object.keys(change).length === 0}
      onConfirm={() => props.onSave(change)}
    >
      <TextInput
        label="Name"
        value={name}
        maxLength={255}
        error={empty ? 'An upload needs a name.' : undefined}
        onChange={(event) => setName(event.currentTarget.value)}
        data-testid="upload-name-input"
      />
      <EmbargoInput value={embargo} onChange={setEmbargo} />
    </ActionModal>
  )
}
