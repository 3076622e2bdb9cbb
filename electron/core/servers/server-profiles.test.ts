import { describe, expect, it, vi } from 'vitest'
import { createMemoryStore } from '../settings/key-value'
import { createSettingsRepo } from '../settings/settings-repo'
import { BUILT_IN_SERVERS, PUBLIC_SERVER_ID } from './built-in'
import { createServerProfiles } from './server-profiles'

function setup() {
  const onChange = vi.fn()
  let n = 0
  const store = createMemoryStore()
  const profiles = createServerProfiles({
    repo: createSettingsRepo({ store }),
    builtIns: BUILT_IN_SERVERS,
    onChange,
    newId: () => `id-${++n}`,
  })
  return { profiles, onChange, store }
}
const oasis = { name: 'Group Oasis', baseUrl: 'https://oasis.example.org/api/v1', note: '' }

describe('server profiles', () => {
  it('starts with the public NOMAD profile, active', () => {
    const { profiles } = setup()
    expect(profiles.list()).toEqual({
      servers: [
        expect.objectContaining({ id: PUBLIC_SERVER_ID, name: 'NOMAD (public)', builtIn: true }),
      ],
      activeServerId: PUBLIC_SERVER_ID,
    })
    expect(profiles.active().baseUrl).toBe('https://nomad-lab.eu/prod/v1/api/v1')
  })

  it('adds, edits, selects and removes user profiles, reporting every change', () => {
    const { profiles, onChange } = setup()
    const added = profiles.add(oasis)
    expect(added).toEqual({ id: 'id-1', ...oasis, kind: 'remote', builtIn: false })
    const { profile, urlChanged } = profiles.update({ id: 'id-1', note: 'lab data' })
    expect(profile.note).toBe('lab data')
    expect(urlChanged).toBe(false)
    expect(
      profiles.update({ id: 'id-1', baseUrl: 'https://oasis.example.org/v2/api/v2' }).urlChanged,
    ).toBe(true)
    expect(profiles.select('id-1').activeServerId).toBe('id-1')
    const after = profiles.remove('id-1')
    expect(after.servers.map((s) => s.id)).toEqual([PUBLIC_SERVER_ID])
    // Removing the active profile falls back to the public one.
    expect(after.activeServerId).toBe(PUBLIC_SERVER_ID)
    expect(onChange).toHaveBeenCalledTimes(5)
    expect(onChange).toHaveBeenLastCalledWith(after)
  })

  it('refuses to edit or remove built-in profiles but lets them be selected', () => {
    const { profiles } = setup()
    expect(() => profiles.update({ id: PUBLIC_SERVER_ID, name: 'Mine' })).toThrow(
      '“NOMAD (public)” is built in and cannot be edited; add your own profile instead.',
    )
    expect(() => profiles.remove(PUBLIC_SERVER_ID)).toThrow('cannot be removed')
    profiles.add(oasis)
    profiles.select('id-1')
    expect(profiles.select(PUBLIC_SERVER_ID).activeServerId).toBe(PUBLIC_SERVER_ID)
  })

  it('refuses duplicate names regardless of case, and unknown ids', () => {
    const { profiles } = setup()
    profiles.add(oasis)
    expect(() => profiles.add({ ...oasis, name: 'group oasis' })).toThrow(
      'A server profile named “Group Oasis” already exists.',
    )
    expect(() => profiles.add({ ...oasis, name: 'nomad (PUBLIC)' })).toThrow('already exists')
    // Renaming a profile to its own name is fine.
    expect(() => profiles.update({ id: 'id-1', name: 'Group Oasis' })).not.toThrow()
    expect(() => profiles.select('nope')).toThrow('There is no server profile with id “nope”.')
  })

  it('falls back to the public profile when the stored active id is stale', () => {
    const { profiles, store } = setup()
    profiles.add(oasis)
    profiles.select('id-1')
    const doc = store.data.get('settings') as { servers: { profiles: unknown[] } }
    store.data.set('settings', { ...doc, servers: { ...doc.servers, profiles: [] } })
    const fresh = createServerProfiles({
      repo: createSettingsRepo({ store }),
      builtIns: BUILT_IN_SERVERS,
      onChange: () => undefined,
    })
    expect(fresh.list().activeServerId).toBe(PUBLIC_SERVER_ID)
  })
})
