import { Anchor, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core'
import { IconArrowLeft, IconFolderOpen, IconInfoCircle, IconList } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ScreenHeader } from '../../components/screen-header'
import { ViewerError } from '../../components/viewer-error'
import { FileDownloadActions } from '../../features/downloads/file-download-actions'
import { FileBrowser } from '../../features/uploads/files/file-browser'
import { useInvoke } from '../../ipc/hooks'
import { UPLOAD_QUERIES } from './upload-actions'
import { UploadEntries } from './upload-entries'
import { UploadOverview } from './upload-overview'
import { UploadPinButton } from './upload-pin'

type Tab = 'overview' | 'entries' | 'files'
const POLL_MS = 1_000

/** When a process the page watched has finished, the list, entries and members may have changed. */
function useRefreshWhenProcessed(running: boolean | undefined) {
  const queryClient = useQueryClient()
  const was = useRef(running)
  useEffect(() => {
    if (was.current === true && running === false)
      for (const channel of UPLOAD_QUERIES)
        if (channel !== 'uploads.get') void queryClient.invalidateQueries({ queryKey: [channel] })
    was.current = running
  }, [running, queryClient])
}

/**
 * #/uploads/<server>/<upload>[/<folder>]: one upload — overview (metadata, members), its
 * entries, and its files (opened at `folder` when the link names one).
 */
export function UploadPage({
  serverId,
  uploadId,
  folder,
}: {
  serverId: string
  uploadId: string
  folder: string | undefined
}) {
  const [tab, setTab] = useState<Tab>(folder === undefined ? 'overview' : 'files')
  const [fileTarget, setFileTarget] = useState<{ folder: string; mainfile?: string }>({
    folder: folder ?? '',
  })
  const detail = useInvoke(
    'uploads.get',
    { serverId, uploadId },
    // While the server processes an action (publish, reprocess…), follow it until it is done.
    { refetchInterval: (query) => (query.state.data?.summary.processRunning ? POLL_MS : false) },
  )
  useRefreshWhenProcessed(detail.data?.summary.processRunning)
  const name = detail.data?.summary.name ?? (detail.data ? 'Unnamed upload' : 'Upload')
  return (
    <Stack gap="md" data-testid="upload-page">
      <Anchor href="#/uploads" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> All uploads
        </Group>
      </Anchor>
      <ScreenHeader
        title={name}
        description={`Upload ${uploadId}`}
        actions={
          <UploadPinButton
            serverId={serverId}
            uploadId={uploadId}
            name={detail.data?.summary.name ?? undefined}
          />
        }
      />
      {detail.isLoading && (
        <Center h={120}>
          <Loader size="sm" role="status" aria-label="Loading the upload" />
        </Center>
      )}
      {detail.error && (
        <Stack gap="xs">
          <ViewerError
            error={detail.error}
            subject="upload"
            onRetry={() => void detail.refetch()}
          />
          <Text size="sm" c="dimmed">
            Its files may still open if the upload is public: try the Files tab.
          </Text>
        </Stack>
      )}
      <Tabs
        value={tab}
        onChange={(value) => setTab((value as Tab | null) ?? 'overview')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="overview" leftSection={<IconInfoCircle size={14} />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="entries" leftSection={<IconList size={14} />}>
            Entries
          </Tabs.Tab>
          <Tabs.Tab
            value="files"
            leftSection={<IconFolderOpen size={14} />}
            data-testid="upload-files-tab"
          >
            Files
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          {detail.data && <UploadOverview serverId={serverId} detail={detail.data} />}
        </Tabs.Panel>
        <Tabs.Panel value="entries" pt="md">
          <UploadEntries
            serverId={serverId}
            uploadId={uploadId}
            onShowFile={(mainfile) => {
              setFileTarget({
                folder: mainfile.slice(0, Math.max(0, mainfile.lastIndexOf('/'))),
                mainfile,
              })
              setTab('files')
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="md">
          <FileBrowser
            key={`${fileTarget.folder}|${fileTarget.mainfile ?? ''}`}
            embedded
            entry={{ serverId, uploadId, mainfile: fileTarget.mainfile, uploadName: name }}
            startFolder={fileTarget.folder}
            selectionActions={(selected, shown) => (
              <FileDownloadActions
                serverId={serverId}
                uploadId={uploadId}
                uploadName={detail.data?.summary.name ?? undefined}
                selected={selected}
                folder={shown}
                offerWholeUpload
              />
            )}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
