import { z } from 'zod'
import { serverStatusSchema } from '../models/server-profile'

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

export const appChannels = {
  'app.info': { input: z.strictObject({}), output: appInfoSchema },
  /** The current status snapshot; later changes arrive as the 'app.status' event. */
  'app.status': { input: z.strictObject({}), output: appStatusSchema },
} as const

export const appEvents = {
  'app.status': { payload: appStatusSchema },
} as const
