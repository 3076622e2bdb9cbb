import { z } from 'zod'
import { checkServerUrl } from './server-url'

/**
 * A server profile: one NOMAD deployment the user works with (the public NOMAD, an Oasis, the
 * local sandbox). Built-in profiles come from code, user profiles from settings.
 */
export const serverKindSchema = z.enum(['remote', 'sandbox'])

export const serverProfileSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** The API root including the version segment, without a trailing slash. */
  baseUrl: z.string().min(1),
  note: z.string(),
  kind: serverKindSchema,
  builtIn: z.boolean(),
})
export type ServerProfile = z.infer<typeof serverProfileSchema>

export const SERVER_NAME_MAX = 80
export const SERVER_NOTE_MAX = 500

/** Name as typed by the user; trimmed, so "  " counts as empty. */
export const serverNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Give the server a name, e.g. “Group Oasis”.' })
  .max(SERVER_NAME_MAX, { error: `Keep the name under ${SERVER_NAME_MAX} characters.` })

export const serverNoteSchema = z
  .string()
  .trim()
  .max(SERVER_NOTE_MAX, { error: `Keep the note under ${SERVER_NOTE_MAX} characters.` })

/** A base URL as typed: validated by the shared rules, then normalised. */
export const serverUrlSchema = z
  .string()
  .superRefine((value, ctx) => {
    const check = checkServerUrl(value)
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message })
  })
  .transform((value) => {
    const check = checkServerUrl(value)
    // The refinement above guarantees ok; fall back to the input to keep the type simple.
    return check.ok ? check.url : value
  })

export const serverDraftSchema = z.strictObject({
  name: serverNameSchema,
  baseUrl: serverUrlSchema,
  note: serverNoteSchema.default(''),
})

export const serverListSchema = z.strictObject({
  servers: z.array(serverProfileSchema),
  activeServerId: z.string(),
})
export type ServerList = z.infer<typeof serverListSchema>

/** Connection state of one server, as last probed by core. */
export const connectionStateSchema = z.enum(['unknown', 'checking', 'online', 'offline', 'error'])
export type ConnectionState = z.infer<typeof connectionStateSchema>

export const serverStatusSchema = z.strictObject({
  state: connectionStateSchema,
  /** What the last check found, in words the user can act on. */
  message: z.string().optional(),
  /** The server's software version from GET /info. */
  version: z.string().optional(),
  /** Milliseconds since the epoch of the last completed check. */
  checkedAt: z.number().optional(),
  /**
   * Offline mode (docs/offline.md): since when the server has been offline without a break
   * (unreachable, or switched to work offline by hand).
   */
  since: z.number().optional(),
  /** True while the user works offline from this server by hand: nothing is sent to it. */
  manual: z.boolean().optional(),
})
export type ServerStatus = z.infer<typeof serverStatusSchema>
