import type { ChannelName, EventName } from './contract'

/**
 * Plain lists of channel and event names for the preload's allow-list. Kept apart from the
 * contract so the sandboxed preload bundle stays free of zod; names.test.ts checks that these
 * lists equal the contract's keys.
 */
export const CHANNEL_NAMES = [
  'app.info',
  'app.status',
  'settings.get',
  'settings.update',
  'servers.list',
  'servers.add',
  'servers.update',
  'servers.remove',
  'servers.select',
  'servers.check',
  'servers.probe',
  'auth.status',
  'auth.signIn',
  'auth.signOut',
  'vault.status',
  'vault.unlock',
  'vault.lock',
  'vault.setUnprotected',
  'tokens.list',
  'tokens.get',
  'tokens.create',
  'tokens.revoke',
  'tokens.rotate',
  'tokens.useRevealed',
  'tokens.forgetRevealed',
  'tokens.test',
  'tokens.storePasted',
  'tokens.stored',
  'tokens.setActive',
  'tokens.removeStored',
  'tokens.appToken',
  'tokens.reminders',
  'tokens.setReminderDays',
  'net.meter',
  'search.info',
  'search.count',
  'search.page',
  'search.aggregations',
  'search.entry',
  'search.suggestAuthors',
  'search.saved.list',
  'search.saved.save',
  'search.saved.remove',
  'search.history.list',
  'search.history.add',
  'search.history.clear',
  'search.state.get',
  'search.state.set',
  'archive.read',
  'archive.json',
  'rawFiles.list',
  'rawFiles.locate',
  'rawFiles.preview',
  'uploads.list',
  'uploads.get',
  'uploads.entries',
  'downloads.plan',
  'downloads.start',
  'downloads.list',
  'downloads.failures',
  'downloads.pause',
  'downloads.resume',
  'downloads.cancel',
  'downloads.retry',
  'downloads.setPriority',
  'downloads.remove',
  'downloads.verify',
  'downloads.manifest',
  'downloads.runAgain',
  'downloads.pickFolder',
  'downloads.reveal',
] as const satisfies readonly ChannelName[]

export const EVENT_NAMES = [
  'app.status',
  'settings.changed',
  'servers.changed',
  'auth.changed',
  'vault.changed',
  'tokens.changed',
  'tokens.reminders',
  'net.meter',
  'downloads.changed',
  'downloads.finished',
] as const satisfies readonly EventName[]

const channelSet: ReadonlySet<string> = new Set(CHANNEL_NAMES)
const eventSet: ReadonlySet<string> = new Set(EVENT_NAMES)

export const isChannelName = (name: unknown): name is ChannelName =>
  typeof name === 'string' && channelSet.has(name)
export const isEventName = (name: unknown): name is EventName =>
  typeof name === 'string' && eventSet.has(name)
