import { Button } from '@mantine/core'
import { IconPin } from '@tabler/icons-react'
import { useStartPin } from '../../features/offline/start-pin'

/**
 * "Pin offline…" for the whole upload (issue 17 item 1: a search, selected entries or an
 * upload): the app's pin dialog with an upload source, which counts the upload's entries and
 * estimates the space before anything is stored.
 */
export function UploadPinButton({
  serverId,
  uploadId,
  name,
}: {
  serverId: string
  uploadId: string
  name: string | undefined
}) {
  const pins = useStartPin()
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconPin size={14} />}
      data-testid="upload-pin"
      onClick={() =>
        pins.open({
          serverId,
          source: { kind: 'upload', uploadId },
          label: (name ?? `Upload ${uploadId}`).slice(0, 200),
        })
      }
    >
      Pin offline…
    </Button>
  )
}
