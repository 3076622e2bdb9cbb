import { VisuallyHidden } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useDownloadJobs } from '../features/downloads/live-downloads'
import { downloadMilestones, type Announced } from './download-milestones'

/**
 * A polite live region that tells screen-reader users about downloads at their milestones
 * (started, 25/50/75 %, finished, failed), wherever they are in the app.
 */
export function DownloadAnnouncer() {
  const jobs = useDownloadJobs().data?.jobs
  const seen = useRef<Map<string, Announced> | null>(null)
  const [message, setMessage] = useState('')
  useEffect(() => {
    if (!jobs) return
    // The first list is what already exists: remember it without announcing it.
    if (seen.current === null) {
      seen.current = downloadMilestones(new Map(), jobs).seen
      return
    }
    const step = downloadMilestones(seen.current, jobs)
    seen.current = step.seen
    if (step.said.length > 0) setMessage(step.said.join('. '))
  }, [jobs])
  return (
    <VisuallyHidden role="status" data-testid="download-announcer">
      {message}
    </VisuallyHidden>
  )
}
