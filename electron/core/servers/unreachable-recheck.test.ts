import { describe, expect, it } from 'vitest'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import type { ProbeOutcome } from './probe'
import { createStatusTracker } from './status-tracker'
import { recheckWhenUnreachable } from './unreachable-recheck'

const profile: ServerProfile = {
  id: 'a',
  name: 'a',
  baseUrl: 'https://a.example.org/api/v1',
  note: '',
  kind: 'remote',
  builtIn: false,
}

/** A tracker whose probes wait until the test answers them, in the order they were sent. */
function setup() {
  const answers: ((outcome: ProbeOutcome) => void)[] = []
  const tracker = createStatusTracker({
    profiles: () => ({ servers: [profile], activeServerId: 'a' }),
    probe: (_profile, signal) =>
      new Promise((resolve, reject) => {
        answers.push(resolve)
        signal.addEventListener('abort', () => reject(new Error('aborted')))
      }),
    publish: () => undefined,
    recheck: { onlineMs: 0, failedMs: 0 },
  })
  const unreachable = recheckWhenUnreachable(tracker, (id) => (id === 'a' ? profile : undefined))
  return { tracker, answers, unreachable }
}

describe('re-check when a request finds a server unreachable', () => {
  it('checks an online server at once', async () => {
    const { tracker, answers, unreachable } = setup()
    const first = tracker.check(profile)
    answers[0]?.({ state: 'online' })
    await first
    unreachable('a')
    expect(answers).toHaveLength(2)
    expect(tracker.snapshot().servers.a?.state).toBe('checking')
  })

  it('supersedes a check that started before the request failed', async () => {
    const { tracker, answers, unreachable } = setup()
    const earlier = tracker.check(profile)
    unreachable('a')
    expect(answers).toHaveLength(2)
    // The earlier probe had reached the server before it stopped: its "online" must not stand.
    answers[0]?.({ state: 'online' })
    answers[1]?.({ state: 'offline', message: 'unreachable' })
    await earlier
    await Promise.resolve()
    expect(tracker.snapshot().servers.a).toMatchObject({ state: 'offline' })
  })

  it('starts one check for a burst of failing requests, and another after it', async () => {
    const { tracker, answers, unreachable } = setup()
    const first = tracker.check(profile)
    answers[0]?.({ state: 'online' })
    await first
    for (let i = 0; i < 5; i++) unreachable('a')
    expect(answers).toHaveLength(2)
    answers[1]?.({ state: 'online' })
    await new Promise((done) => setTimeout(done, 0))
    unreachable('a')
    expect(answers).toHaveLength(3)
  })

  it('leaves a server known offline, and unknown servers, alone', async () => {
    const { tracker, answers, unreachable } = setup()
    const first = tracker.check(profile)
    answers[0]?.({ state: 'offline', message: 'down' })
    await first
    unreachable('a')
    unreachable('b')
    expect(answers).toHaveLength(1)
  })
})
