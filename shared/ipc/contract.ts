import type { z } from 'zod'
import { appChannels, appEvents } from './channels/app'
import { archiveChannels, archiveEvents } from './channels/archive'
import { authChannels, authEvents } from './channels/auth'
import { downloadsChannels, downloadsEvents } from './channels/downloads'
import { groupsChannels, groupsEvents } from './channels/groups'
import { rawFilesChannels, rawFilesEvents } from './channels/raw-files'
import { netChannels, netEvents } from './channels/net'
import { offlineChannels, offlineEvents } from './channels/offline'
import { offlineSyncChannels } from './channels/offline-sync'
import { offlineModeChannels, offlineModeEvents } from './channels/offline-mode'
import { dataMoveChannels, dataMoveEvents } from './channels/data-move'
import { searchChannels, searchEvents } from './channels/search'
import { serversChannels, serversEvents } from './channels/servers'
import { settingsChannels, settingsEvents } from './channels/settings'
import { tokensChannels, tokensEvents } from './channels/tokens'
import { uploadsChannels, uploadsEvents } from './channels/uploads'
import { vaultChannels, vaultEvents } from './channels/vault'

/** A request channel: the renderer sends `input`, main or the host answers with `output`. */
export interface ChannelDef {
  input: z.ZodType<Record<string, unknown>, unknown>
  output: z.ZodType
}
/** A push event from main or the host to every renderer. */
export interface EventDef {
  payload: z.ZodType
}
export type ChannelMap = Record<string, ChannelDef>
export type EventMap = Record<string, EventDef>

/**
 * The whole IPC contract. Adding a domain: one file in ./channels, one spread here, a handler
 * module in electron/core/<domain>/, and one line where create-core assembles handlers.
 */
export const contract = {
  channels: {
    ...appChannels,
    ...authChannels,
    ...vaultChannels,
    ...tokensChannels,
    ...settingsChannels,
    ...serversChannels,
    ...netChannels,
    ...searchChannels,
    ...archiveChannels,
    ...rawFilesChannels,
    ...uploadsChannels,
    ...downloadsChannels,
    ...groupsChannels,
    ...offlineChannels,
    ...offlineSyncChannels,
    ...offlineModeChannels,
    ...dataMoveChannels,
  },
  events: {
    ...appEvents,
    ...authEvents,
    ...vaultEvents,
    ...tokensEvents,
    ...settingsEvents,
    ...serversEvents,
    ...netEvents,
    ...searchEvents,
    ...archiveEvents,
    ...rawFilesEvents,
    ...uploadsEvents,
    ...downloadsEvents,
    ...groupsEvents,
    ...offlineEvents,
    ...offlineModeEvents,
    ...dataMoveEvents,
  },
} as const satisfies { channels: ChannelMap; events: EventMap }

export type Channels = typeof contract.channels
export type Events = typeof contract.events
export type ChannelName = Extract<keyof Channels, string>
export type EventName = Extract<keyof Events, string>
/** What the caller sends (before defaults and transforms). */
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>
/** What the handler receives (after validation, defaults and transforms). */
export type HandlerInput<C extends ChannelName> = z.output<Channels[C]['input']>
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>
