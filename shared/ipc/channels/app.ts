import { z } from 'zod'
import { serverListSchema, serverStatusSchema } from '../models/server-profile'
import { userSettingsSchema } from '../models/settings'
import { serverIdSchema } from './fields'
import { catalogueSchema, savedSearchStateSchema } from './search'

export const appModeSchema = z.enum(['electron', 'web'])
export type AppMode = z.infer<typeof appModeSchema>

export const appInfoSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  mode: appModeSchema,
  /** Node's platform name of the machine running main or the host: linux, darwin, win32, … */
  platform: z.string(),
})
export type AppInfo = z.infer<typeof appInfoSchema>

/** Everything the shell shows live: the connection state of every known server. */
export const appStatusSchema = z.strictObject({
  activeServerId: z.string(),
  servers: z.record(z.string(), serverStatusSchema),
})
export type AppStatus = z.infer<typeof appStatusSchema>

/**
 * Everything the first screen needs, in one answer instead of a waterfall of calls (settings and
 * servers, then the active server's search catalogue and state). Each part equals what its own
 * channel answers; the renderer seeds its query cache with them.
 */
export const appStartupSchema = z.strictObject({
  info: appInfoSchema,
  status: appStatusSchema,
  settings: userSettingsSchema,
  servers: serverListSchema,
  search: z.strictObject({
    serverId: serverIdSchema,
    /** 'search.info' of the active server; null when it failed (the screen asks again, says why). */
    catalogue: catalogueSchema.nullable(),
    /** 'search.state.get' as `{ value }` (value null: nothing saved); null when it failed. */
    state: z.strictObject({ value: savedSearchStateSchema.nullable() }).nullable(),
  }),
})
export type AppStartup = z.infer<typeof appStartupSchema>

export const appChannels = {
  'app.info': { input: z.strictObject({}), output: appInfoSchema },
  /** The current status snapshot; later changes arrive as the 'app.status' event. */
  'app.status': { input: z.strictObject({}), output: appStatusSchema },
  /** The first screen's data in one call (see appStartupSchema). */
  'app.startup': { input: z.strictObject({}), output: appStartupSchema },
} as const

export const appEvents = {
  'app.status': { payload: appStatusSchema },
} as const
