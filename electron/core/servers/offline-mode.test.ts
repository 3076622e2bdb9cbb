import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../settings/key-value'
import { createSettingsRepo } from '../settings/settings-repo'
import { createOfflineMode } from './offline-mode'

describe('offline mode', () => {
  it('keeps "Work offline" per server in settings, so a restart keeps it', () => {
    const store = createMemoryStore()
    const first = createOfflineMode(createSettingsRepo({ store }), () => 1000)
    expect(first.setManual('oasis', true)).toBe(1000)
    // Switching it on again keeps the first moment: the banner's "since" does not move.
    expect(
      createOfflineMode(createSettingsRepo({ store }), () => 9000).setManual('oasis', true),
    ).toBe(1000)

    const restarted = createOfflineMode(createSettingsRepo({ store }), () => 2000)
    expect(restarted.manualSince('oasis')).toBe(1000)
    expect(restarted.manualSince('public')).toBeUndefined()
    const refusal = restarted.refusal('oasis', 'Group Oasis')
    expect(refusal?.code).toBe('network')
    expect(refusal?.message).toBe(
      'You are working offline from Group Oasis: nothing is sent to it. Switch “Work offline” off to reach it again.',
    )
    expect(restarted.refusal('public')).toBeUndefined()

    expect(restarted.setManual('oasis', false)).toBeNull()
    expect(
      createOfflineMode(createSettingsRepo({ store }), () => 3000).manualSince('oasis'),
    ).toBeUndefined()
  })

  it('tells its listeners about an unreachable server until they unsubscribe', () => {
    const mode = createOfflineMode(createSettingsRepo({ store: createMemoryStore() }), () => 0)
    const heard: string[] = []
    const stop = mode.onUnreachable((id) => heard.push(id))
    mode.unreachable('a')
    stop()
    mode.unreachable('b')
    expect(heard).toEqual(['a'])
  })
})
