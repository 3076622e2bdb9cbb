import {
  Code,
  CopyButton,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core'
import { IconFileText } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { ErrorAlert } from '../../components/error-alert'
import { ViewerModal } from '../../components/viewer-modal/viewer-modal'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { VerifyReportView } from './verify-report'
import { useReturnFocus } from '../../components/return-focus'

export type JobModal = 'folder' | 'manifest' | 'verify'

/** The modal a job action opens: its folder (web mode), its manifest, its verify report. */
export function JobModals({
  job,
  modal,
  onClose,
}: {
  job: JobSummary
  modal: JobModal
  onClose: () => void
}) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  if (modal === 'folder') return <RevealFolder job={job} onClose={onClose} />
  if (modal === 'manifest') return <ManifestModal job={job} onClose={onClose} />
  return <VerifyModal job={job} onClose={onClose} />
}

/** Desktop: the file manager opens and nothing is shown; web mode: the path with a copy button. */
function RevealFolder({ job, onClose }: { job: JobSummary; onClose: () => void }) {
  const reveal = useMutationInvoke('downloads.reveal')
  const { mutate } = reveal
  // Once per opening, also under StrictMode's double effects: a second file manager is noise.
  const asked = useRef(false)
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    mutate({ jobId: job.id, what: 'folder' })
  }, [mutate, job.id])
  useEffect(() => {
    if (reveal.data?.supported) onClose()
  }, [reveal.data, onClose])
  if (reveal.data?.supported !== false && !reveal.error) return null
  const path = reveal.data?.path ?? job.destination
  return (
    <Modal opened onClose={onClose} title="The job's folder" data-testid="folder-modal">
      <Stack gap="sm">
        {reveal.error ? (
          <ErrorAlert error={reveal.error} title="The folder could not be opened" />
        ) : (
          <Text size="sm">
            In web mode the app cannot open a file manager. The files are on the computer running
            the app, in:
          </Text>
        )}
        <Code block data-testid="folder-path">
          {path}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={path}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} data-testid="folder-copy">
                {copied ? 'Copied' : 'Copy path'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Modal>
  )
}

function ManifestModal({ job, onClose }: { job: JobSummary; onClose: () => void }) {
  const manifest = useInvoke('downloads.manifest', { jobId: job.id }, { staleTime: 0 })
  return (
    <ViewerModal
      icon={<IconFileText size={18} aria-hidden />}
      title={manifest.data?.path ?? `Manifest of ${job.label}`}
      titleTestId="manifest-title"
      testId="manifest-modal"
      onClose={onClose}
    >
      {manifest.isPending && <Loader size="sm" role="status" aria-label="Loading the manifest" />}
      {manifest.error && <ErrorAlert error={manifest.error} />}
      {manifest.data && (
        <ScrollArea.Autosize mah="70vh">
          <Code block data-testid="manifest-text">
            {manifest.data.text}
          </Code>
        </ScrollArea.Autosize>
      )}
    </ViewerModal>
  )
}

function VerifyModal({ job, onClose }: { job: JobSummary; onClose: () => void }) {
  const verify = useInvoke('downloads.verify', { jobId: job.id }, { staleTime: 0, gcTime: 0 })
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={`Verify “${job.label}”`}
      data-testid="verify-modal"
    >
      {verify.isPending && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Checking every file against manifest.json…</Text>
        </Group>
      )}
      {verify.error && <ErrorAlert error={verify.error} />}
      {verify.data && <VerifyReportView report={verify.data} />}
    </Modal>
  )
}
