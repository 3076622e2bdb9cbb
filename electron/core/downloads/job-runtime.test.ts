import { describe, expect, it } from 'vitest'
import { downloadSpecSchema } from '../../../shared/ipc/channels/downloads'
import type { JobRecord, UnitRecord } from './job-record'
import { byPriority, JobRuntime } from './job-runtime'

const job = (id: string, priority: JobRecord['priority'], createdAt: number): JobRecord => ({
  id,
  spec: downloadSpecSchema.parse({
    serverId: 's',
    source: { kind: 'upload', uploadId: 'u' },
    destination: '/tmp/x',
  }),
  serverName: 'S',
  baseUrl: 'http://s',
  label: id,
  state: 'running',
  priority,
  createdAt,
  root: '/tmp/x',
  entries: 0,
  uploads: 1,
  entryIds: [],
  known: {},
})
const unit = (n: number, status: UnitRecord['status'] = 'pending'): UnitRecord => ({
  n,
  kind: 'file',
  status,
  attempts: 0,
})

describe('which job gets the next request', () => {
  it('high before normal before low; among equals the older job', () => {
    const runtimes = [
      job('low', 'low', 1),
      job('new-normal', 'normal', 3),
      job('high', 'high', 4),
      job('old-normal', 'normal', 2),
    ].map((j) => new JobRuntime(j, [], [], () => 0))
    expect(runtimes.sort(byPriority).map((r) => r.job.id)).toEqual([
      'high',
      'old-normal',
      'new-normal',
      'low',
    ])
  })

  it('hands out pending units not in flight, and is settled only when none is left or running', () => {
    const runtime = new JobRuntime(
      job('a', 'normal', 1),
      [],
      [unit(0, 'done'), unit(1), unit(2)],
      () => 0,
    )
    expect(runtime.nextUnit()?.n).toBe(1)
    runtime.running.add(1)
    expect(runtime.nextUnit()?.n).toBe(2)
    runtime.running.add(2)
    expect(runtime.nextUnit()).toBeUndefined()
    expect(runtime.settled()).toBe(false)
    for (const u of runtime.units) u.status = 'done'
    expect(runtime.settled()).toBe(false)
    runtime.running.clear()
    expect(runtime.settled()).toBe(true)
  })
})
