import { describe, expect, it } from 'vitest'
import type { JobSummary } from '../../shared/ipc/channels/downloads'
import { downloadMilestones } from './download-milestones'

const job = (over: Partial<JobSummary>): JobSummary => ({
  id: 'j1',
  serverId: 's',
  serverName: 'Server',
  label: 'Oxides',
  kind: 'search',
  state: 'running',
  priority: 'normal',
  destination: '/tmp/x',
  filesDone: 0,
  filesTotal: 10,
  filesFailed: 0,
  filesSkipped: 0,
  bytesDone: 0,
  bytesTotal: 1000,
  rate: 0,
  eta: null,
  createdAt: 0,
  ...over,
})

describe('download milestones for the live region', () => {
  it('says start, each quarter once, and the end — not every progress event', () => {
    let seen = new Map()
    const said: string[] = []
    for (const bytesDone of [0, 100, 260, 270, 300, 510, 760, 990]) {
      const step = downloadMilestones(seen, [job({ bytesDone })])
      said.push(...step.said)
      seen = step.seen
    }
    said.push(...downloadMilestones(seen, [job({ bytesDone: 1000, state: 'done' })]).said)
    expect(said).toEqual([
      'Download started: Oxides',
      'Oxides: 25 % downloaded',
      'Oxides: 50 % downloaded',
      'Oxides: 75 % downloaded',
      'Download finished: Oxides',
    ])
  })

  it('says why a job failed, and nothing about finished jobs from an earlier session', () => {
    const first = downloadMilestones(new Map(), [job({ id: 'old', state: 'done' }), job({})])
    expect(first.said).toEqual(['Download started: Oxides'])
    const failed = job({ state: 'failed', message: 'The disk is full' })
    expect(downloadMilestones(first.seen, [failed]).said).toEqual([
      'Download failed: Oxides — The disk is full',
    ])
  })
})
