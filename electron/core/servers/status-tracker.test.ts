import { describe, expect, it, vi } from 'vitest'
import type { AppStatus } from '../../../shared/ipc/channels/app'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import type { ProbeOutcome } from './probe'
import { createStatusTracker, MANUAL_OFFLINE_MESSAGE } from './status-tracker'

const server = (id: string): ServerProfile => ({
  id,
  name: id,
  baseUrl: `https://${id}.example.org/api/v1`,
  note: '',
  kind: 'remote',
  builtIn: false,
})

function setup(probe: (profile: ServerProfile, signal: AbortSignal) => Promise<ProbeOutcome>) {
  const list = { servers: [server('a'), server('b')], activeServerId: 'a' }
  const published: AppStatus[] = []
  const tracker = createStatusTracker({
    profiles: () => list,
    probe,
    publish: (status) => published.push(status),
    now: () => 1000,
    recheck: { onlineMs: 0, failedMs: 0 },
  })
  return { tracker, published, list }
}

describe('status tracker', () => {
  it('publishes checking, then the outcome with its time', async () => {
    const { tracker, published } = setup(() => Promise.resolve({ state: 'online', version: '1.3' }))
    expect(tracker.snapshot().servers).toEqual({ a: { state: 'unknown' }, b: { state: 'unknown' } })
    const status = await tracker.check(server('b'))
    expect(status).toEqual({ state: 'online', version: '1.3', checkedAt: 1000 })
    expect(published.map((p) => p.servers.b?.state)).toEqual(['checking', 'online'])
    expect(published.at(-1)?.activeServerId).toBe('a')
  })

  it('lets a newer check supersede an older one', async () => {
    const resolvers: ((o: ProbeOutcome) => void)[] = []
    const signals: AbortSignal[] = []
    const { tracker } = setup(
      (_url, signal) =>
        new Promise((resolve, reject) => {
          signals.push(signal)
          resolvers.push(resolve)
          signal.addEventListener('abort', () => reject(new Error('aborted')))
        }),
    )
    const first = tracker.check(server('a'))
    const second = tracker.check(server('a'))
    expect(signals[0]?.aborted).toBe(true)
    resolvers[1]?.({ state: 'offline', message: 'down' })
    expect(await second).toMatchObject({ state: 'offline' })
    expect(await first).toMatchObject({ state: 'offline' })
    expect(tracker.snapshot().servers.a).toMatchObject({ state: 'offline', message: 'down' })
  })

  it('drops statuses of removed or reset servers and re-checks the active one on request', async () => {
    const probe = vi.fn(() => Promise.resolve<ProbeOutcome>({ state: 'online', version: '1' }))
    const { tracker, list } = setup(probe)
    await tracker.check(server('b'))
    list.servers = [server('a')]
    tracker.sync({ recheckActive: true })
    expect(Object.keys(tracker.snapshot().servers)).toEqual(['a'])
    expect(probe).toHaveBeenLastCalledWith(server('a'), expect.any(AbortSignal))
    await vi.waitFor(() => expect(tracker.snapshot().servers.a?.state).toBe('online'))
    tracker.sync({ resetIds: ['a'] })
    expect(tracker.snapshot().servers.a).toEqual({ state: 'unknown' })
  })

  it('turns an unexpected probe failure into an error status instead of rejecting', async () => {
    const { tracker } = setup(() => Promise.reject(new Error('bug in probe')))
    expect(await tracker.check(server('a'))).toEqual({
      state: 'error',
      message: 'The check failed: bug in probe',
      checkedAt: 1000,
    })
  })

  it('keeps when a server went offline across failed checks, and does not probe one worked offline from', async () => {
    let clock = 1000
    let manual: number | undefined
    const probe = vi.fn(() => Promise.resolve<ProbeOutcome>({ state: 'offline', message: 'down' }))
    const tracker = createStatusTracker({
      profiles: () => ({ servers: [server('a')], activeServerId: 'a' }),
      probe,
      publish: () => undefined,
      now: () => clock,
      recheck: { onlineMs: 0, failedMs: 0 },
      manualOffline: () => manual,
    })
    expect(await tracker.check(server('a'))).toMatchObject({ state: 'offline', since: 1000 })
    clock = 5000
    expect(await tracker.check(server('a'))).toMatchObject({ state: 'offline', since: 1000 })

    manual = 4000
    expect(await tracker.check(server('a'))).toEqual({
      state: 'offline',
      manual: true,
      since: 4000,
      message: MANUAL_OFFLINE_MESSAGE,
    })
    expect(probe).toHaveBeenCalledTimes(2)

    // Back online by hand: checked again, nothing of the manual state left over.
    manual = undefined
    probe.mockResolvedValueOnce({ state: 'online', version: '1.3' })
    expect(await tracker.check(server('a'))).toEqual({
      state: 'online',
      version: '1.3',
      checkedAt: 5000,
    })
  })
})
