import { describe, expect, it } from 'vitest'
import { contract } from './contract'
import { CHANNEL_NAMES, EVENT_NAMES, isChannelName, isEventName } from './names'

describe('preload allow-lists', () => {
  it('list exactly the contract channels', () => {
    expect([...CHANNEL_NAMES].sort()).toEqual(Object.keys(contract.channels).sort())
  })
  it('list exactly the contract events', () => {
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(contract.events).sort())
  })
  it('reject names outside the lists and non-strings', () => {
    expect(isChannelName('servers.add')).toBe(true)
    expect(isChannelName('servers.drop')).toBe(false)
    expect(isChannelName('__proto__')).toBe(false)
    expect(isChannelName(42)).toBe(false)
    expect(isEventName('app.status')).toBe(true)
    expect(isEventName('settings.get')).toBe(false)
  })
})
