import { z } from 'zod'
import { serverIdSchema } from './fields'
import {
  serverDraftSchema,
  serverListSchema,
  serverNameSchema,
  serverNoteSchema,
  serverProfileSchema,
  serverStatusSchema,
  serverUrlSchema,
} from '../models/server-profile'

const serverUpdateSchema = z
  .strictObject({
    id: serverIdSchema,
    name: serverNameSchema.optional(),
    baseUrl: serverUrlSchema.optional(),
    note: serverNoteSchema.optional(),
  })
  .refine(
    (value) => value.name !== undefined || value.baseUrl !== undefined || value.note !== undefined,
    { error: 'Nothing to update: give at least one of name, baseUrl or note.' },
  )

export const serversChannels = {
  'servers.list': { input: z.strictObject({}), output: serverListSchema },
  'servers.add': { input: serverDraftSchema, output: serverProfileSchema },
  'servers.update': { input: serverUpdateSchema, output: serverProfileSchema },
  'servers.remove': { input: z.strictObject({ id: serverIdSchema }), output: serverListSchema },
  'servers.select': { input: z.strictObject({ id: serverIdSchema }), output: serverListSchema },
  /** Probes one server now (GET {baseUrl}/info) and returns what was found. */
  'servers.check': { input: z.strictObject({ id: serverIdSchema }), output: serverStatusSchema },
  /**
   * Probes an address before it is saved (the Add/Edit server form), anonymously: GET
   * {baseUrl}/info. Says what was found (online, or why not) without keeping anything.
   */
  'servers.probe': {
    input: z.strictObject({ baseUrl: serverUrlSchema }),
    output: serverStatusSchema,
  },
} as const

export const serversEvents = {
  /** Sent after every change to the profile list or the active server. */
  'servers.changed': { payload: serverListSchema },
} as const
