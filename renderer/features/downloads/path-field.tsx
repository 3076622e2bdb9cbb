import { Button, Group, TextInput, type TextInputProps } from '@mantine/core'
import { IconFolder } from '@tabler/icons-react'
import { useState } from 'react'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'

export interface FolderPicker {
  /** Desktop app with a native picker; web mode types paths instead. */
  canPick: boolean
  picking: boolean
  error: Error | null
  pick(title: string): void
}

/** The native folder picker where there is one (`downloads.pickFolder`); `onPicked` gets the folder. */
export function useFolderPicker(onPicked: (folder: string) => void): FolderPicker {
  const info = useInvoke('app.info', {})
  // A desktop build without a picker answers `supported: false`: fall back to typing.
  const [missing, setMissing] = useState(false)
  const pick = useMutationInvoke('downloads.pickFolder', {
    onSuccess: ({ supported, path }) => {
      if (!supported) setMissing(true)
      else if (path !== null) onPicked(path)
    },
  })
  return {
    canPick: info.data !== undefined && info.data.mode !== 'web' && !missing,
    picking: pick.isPending,
    error: pick.error,
    pick: (title) => pick.mutate({ title }),
  }
}

/** A path typed or chosen: a text field with a "Choose…" button beside the input on the desktop. */
export function PathField({
  picker,
  pickTitle,
  pickTestId,
  onValue,
  ...input
}: Omit<TextInputProps, 'onChange'> & {
  picker: FolderPicker
  pickTitle: string
  pickTestId: string
  onValue: (value: string) => void
}) {
  return (
    <TextInput
      {...input}
      onChange={(event) => onValue(event.currentTarget.value)}
      spellCheck={false}
      inputContainer={(children) =>
        picker.canPick ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1 }}>{children}</div>
            <Button
              variant="default"
              leftSection={<IconFolder size={16} aria-hidden />}
              onClick={() => picker.pick(pickTitle)}
              loading={picker.picking}
              data-testid={pickTestId}
            >
              Choose…
            </Button>
          </Group>
        ) : (
          children
        )
      }
    />
  )
}
