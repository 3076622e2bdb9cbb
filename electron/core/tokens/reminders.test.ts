import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryCipher } from '../vault/memory-cipher'
import { openVault } from '../vault/vault'
import { computeReminders, createReminders } from './reminders'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.parse('2030-06-01T12:00:00Z')
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

async function vaultWith(expiries: (string | null)[]) {
  const dir = mkdtempSync(join(tmpdir(), 'nomad-reminders-'))
  dirs.push(dir)
  const vault = await openVault({ dataDir: dir, cipher: createMemoryCipher() })
  for (const [index, expiresAt] of expiries.entries())
    await vault.add(
      's',
      { name: `t${index}`, kind: 'pat', scopes: [], expiresAt, raw: `nomad_pat_${index}` },
      { activate: false },
    )
  return vault
}

describe('expiry reminders', () => {
  it('lists tokens inside the window and expired ones, soonest first', async () => {
    const vault = await vaultWith([
      new Date(NOW + 30 * DAY).toISOString(),
      new Date(NOW + 3 * DAY).toISOString(),
      new Date(NOW - DAY).toISOString(),
      null,
    ])
    const result = computeReminders(vault, 7, NOW, () => 'Sandbox')
    expect(result.items.map((i) => [i.name, i.daysLeft, i.expired])).toEqual([
      ['t2', -1, true],
      ['t1', 3, false],
    ])
    expect(computeReminders(vault, 0, NOW, () => 'Sandbox').items.map((i) => i.name)).toEqual([
      't2',
    ])
  })

  it('raises OS notifications at start and daily, not on every change', async () => {
    const vault = await vaultWith([new Date(NOW + DAY - 1000).toISOString()])
    const notified: { title: string; body: string }[] = []
    const published: number[] = []
    let days = 7
    const reminders = createReminders({
      vault: () => vault,
      serverName: () => 'Sandbox',
      now: () => NOW,
      days: () => days,
      saveDays: (next) => void (days = next),
      publish: (payload) => published.push(payload.items.length),
      notify: (n) => notified.push(n),
      intervalMs: 60_000,
    })
    reminders.refresh({ notify: true })
    reminders.refresh()
    expect(notified).toEqual([
      {
        title: 'Token “t0” expires tomorrow',
        body: 'On Sandbox. Rotate it or create a replacement on the Tokens screen.',
      },
    ])
    expect(reminders.setDays(0).items).toEqual([])
    expect(published).toEqual([1, 1, 0])
    reminders.dispose()
  })
})
