/** Fixtures the downloads tests share: a job summary and a plan, overridable field by field. */
import type { DownloadPlan, JobSummary } from '../../../shared/ipc/channels/downloads'

export function jobSummary(overrides: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 'job-1',
    serverId: 'nomad-public',
    serverName: 'NOMAD (public)',
    label: 'Raw files of 50 entries',
    kind: 'entries',
    state: 'running',
    priority: 'normal',
    destination: '/data/nomad',
    filesDone: 12,
    filesTotal: 40,
    filesFailed: 0,
    filesSkipped: 0,
    bytesDone: 12 * 1024 * 1024,
    bytesTotal: 40 * 1024 * 1024,
    rate: 2 * 1024 * 1024,
    eta: 14,
    createdAt: 1_700_000_000_000,
    ...overrides,
  }
}

export function downloadPlan(overrides: Partial<DownloadPlan> = {}): DownloadPlan {
  return {
    entries: 50,
    uploads: 3,
    files: 120,
    bytes: 1_234_567,
    present: 0,
    freeBytes: 50 * 1024 ** 3,
    units: 3,
    destination: '/data/nomad',
    problems: [],
    ...overrides,
  }
}

export const ok = <T>(value: T) => ({ ok: true as const, value })
