import { IconUpload } from '@tabler/icons-react'
import { PlaceholderScreen } from '../../components/placeholder-screen'

export function UploadsScreen() {
  return (
    <PlaceholderScreen
      id="uploads"
      icon={IconUpload}
      title="Uploads"
      summary="Browse and manage your uploads on the active server, down to single raw files."
      plans={[
        'Your uploads with processing state, entry counts and visibility at a glance',
        'A file browser with previews for text, JSON, images and structures',
        'Members, metadata and publishing, without blocking dialogs',
      ]}
    />
  )
}
