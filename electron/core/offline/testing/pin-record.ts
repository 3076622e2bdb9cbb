import { SUMMARY_REQUIRED, type PinRecord } from '../library-records'

/** A pin record about to run (tests): a search of everything public, with summaries. */
export function testPin(change: Partial<PinRecord> = {}): PinRecord {
  return {
    pinId: 'p',
    serverId: 'sandbox',
    serverName: 'Sandbox',
    label: 'p',
    source: { kind: 'search', query: {}, owner: 'public' },
    limit: 10_000,
    archiveRequired: { ...SUMMARY_REQUIRED },
    state: 'pinning',
    createdAt: 1,
    entries: 0,
    bytes: 0,
    phase: 'metadata',
    ...change,
  }
}
