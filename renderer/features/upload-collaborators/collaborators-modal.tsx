import { Modal, Text } from '@mantine/core'
import { UploadCollaborators } from './upload-collaborators'
import { useReturnFocus } from '../../components/return-focus'

/** The collaborators editor as a dialog, for places that have no upload page (entry drawer). */
export function CollaboratorsModal({
  serverId,
  uploadId,
  uploadName,
  onClose,
}: {
  serverId: string
  uploadId: string
  uploadName?: string | undefined
  onClose: () => void
}) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        <Text fw={650} style={{ overflowWrap: 'anywhere' }}>
          Collaborators of {uploadName ?? `upload ${uploadId}`}
        </Text>
      }
      data-testid="collaborators-modal"
    >
      <UploadCollaborators serverId={serverId} uploadId={uploadId} />
    </Modal>
  )
}
