import { ActionIcon, Group, Menu } from '@mantine/core'
import { LazyMenu } from '../../components/lazy-popups'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { notifications } from '@mantine/notifications'
import {
  IconChecklist,
  IconDots,
  IconFileText,
  IconFolderOpen,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconRepeat,
  IconTrash,
  IconX,
} from '@tabler/icons-react'
import { useState } from 'react'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { useMutationInvoke } from '../../ipc/hooks'
import { isFinal, useForgetJob } from '../../features/downloads/live-downloads'
import { PRIORITIES } from '../../features/downloads/plan-fields'
import { CancelJobModal } from './cancel-job-modal'
import { JobModals, type JobModal } from './job-modals'

/** Shows a refused control as a notification with the engine's own sentence. */
const failed = (what: string) => (error: { message: string }) =>
  notifications.show({ color: 'red', title: `Could not ${what}`, message: error.message })

/** A job's controls: pause or resume, cancel, open folder, and the rest in a menu. */
export function JobActions({ job }: { job: JobSummary }) {
  const [modal, setModal] = useState<JobModal | null>(null)
  const [cancelling, setCancelling] = useState(false)
  const forget = useForgetJob()
  const pause = useMutationInvoke('downloads.pause', { onError: failed('pause the job') })
  const resume = useMutationInvoke('downloads.resume', { onError: failed('resume the job') })
  const retry = useMutationInvoke('downloads.retry', { onError: failed('retry the failed items') })
  const priority = useMutationInvoke('downloads.setPriority', {
    onError: failed('change the priority'),
  })
  const runAgain = useMutationInvoke('downloads.runAgain', { onError: failed('run the job again') })
  const remove = useMutationInvoke('downloads.remove', {
    onSuccess: () => forget(job.id),
    onError: failed('remove the job from the list'),
  })
  const final = isFinal(job)
  const paused = job.state === 'paused'
  const ref = { jobId: job.id }
  return (
    <Group gap={4} wrap="nowrap">
      {!final && (
        <LazyTooltip label={paused ? 'Resume' : 'Pause'}>
          <ActionIcon
            variant="default"
            aria-label={paused ? `Resume ${job.label}` : `Pause ${job.label}`}
            onClick={() => (paused ? resume.mutate(ref) : pause.mutate(ref))}
            loading={pause.isPending || resume.isPending}
            data-testid={paused ? 'job-resume' : 'job-pause'}
          >
            {paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
          </ActionIcon>
        </LazyTooltip>
      )}
      {!final && (
        <LazyTooltip label="Cancel">
          <ActionIcon
            variant="default"
            aria-label={`Cancel ${job.label}`}
            onClick={() => setCancelling(true)}
            data-testid="job-cancel"
          >
            <IconX size={16} />
          </ActionIcon>
        </LazyTooltip>
      )}
      <LazyTooltip label="Open folder">
        <ActionIcon
          variant="default"
          aria-label={`Open the folder of ${job.label}`}
          onClick={() => setModal('folder')}
          data-testid="job-open-folder"
        >
          <IconFolderOpen size={16} />
        </ActionIcon>
      </LazyTooltip>
      <LazyMenu
        position="bottom-end"
        withinPortal
        target={
          <ActionIcon
            variant="default"
            aria-label={`More actions for ${job.label}`}
            data-testid="job-more"
          >
            <IconDots size={16} />
          </ActionIcon>
        }
      >
        <Menu.Dropdown>
          {job.filesFailed > 0 && (
            <Menu.Item
              leftSection={<IconRefresh size={14} />}
              onClick={() => retry.mutate(ref)}
              data-testid="job-retry"
            >
              Retry failed items
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconFileText size={14} />}
            onClick={() => setModal('manifest')}
            data-testid="job-manifest"
          >
            Show manifest
          </Menu.Item>
          {final && (
            <Menu.Item
              leftSection={<IconChecklist size={14} />}
              onClick={() => setModal('verify')}
              data-testid="job-verify"
            >
              Verify against the manifest
            </Menu.Item>
          )}
          {final && (
            <Menu.Item
              leftSection={<IconRepeat size={14} />}
              onClick={() => runAgain.mutate(ref)}
              data-testid="job-run-again"
            >
              Run again (only what is missing or changed)
            </Menu.Item>
          )}
          {!final && (
            <>
              <Menu.Divider />
              <Menu.Label>Priority</Menu.Label>
              {PRIORITIES.map((p) => (
                <Menu.Item
                  key={p.value}
                  onClick={() => priority.mutate({ jobId: job.id, priority: p.value })}
                  aria-current={job.priority === p.value}
                  fw={job.priority === p.value ? 700 : undefined}
                  data-testid={`job-priority-${p.value}`}
                >
                  {job.priority === p.value ? `✓ ${p.label}` : p.label}
                </Menu.Item>
              ))}
            </>
          )}
          {final && (
            <>
              <Menu.Divider />
              <Menu.Item
                leftSection={<IconTrash size={14} />}
                onClick={() => remove.mutate(ref)}
                data-testid="job-remove"
              >
                Remove from list (files stay)
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </LazyMenu>
      {cancelling && <CancelJobModal job={job} onClose={() => setCancelling(false)} />}
      {modal && <JobModals job={job} modal={modal} onClose={() => setModal(null)} />}
    </Group>
  )
}
