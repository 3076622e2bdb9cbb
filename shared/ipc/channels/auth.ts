import { z } from 'zod'

/**
 * Sign-in per server (POST /auth/token, password grant). The access token itself stays in
 * core's memory: no channel and no event here ever carries it.
 */
const serverIdSchema = z.string().min(1).max(100)

export const sessionUserSchema = z.strictObject({
  userId: z.string(),
  username: z.string(),
  /** Display name from the identity provider, when it has one. */
  name: z.string().nullable(),
  email: z.string().nullable(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const authStatusSchema = z.strictObject({
  serverId: z.string(),
  serverName: z.string(),
  /** Whether this server accepts username + password sign-in from the app. */
  passwordSignIn: z.boolean(),
  session: z
    .strictObject({
      user: sessionUserSchema,
      /** ISO instant the access token stops working. */
      expiresAt: z.string(),
      signedInAt: z.string(),
    })
    .nullable(),
  /**
   * Why the previous session ended, when it ended by itself (expired) or the server refused it
   * (rejected); null after signing out or before any sign-in. The re-sign-in prompt words
   * itself by this.
   */
  ended: z.enum(['expired', 'rejected']).nullable(),
})
export type AuthStatus = z.infer<typeof authStatusSchema>

export const authChannels = {
  /** Who is signed in on a server (the active one when serverId is left out). */
  'auth.status': {
    input: z.strictObject({ serverId: serverIdSchema.optional() }),
    output: authStatusSchema,
  },
  'auth.signIn': {
    input: z.strictObject({
      serverId: serverIdSchema.optional(),
      username: z
        .string()
        .trim()
        .min(1, { error: 'Enter your username or e-mail address.' })
        .max(200),
      password: z.string().min(1, { error: 'Enter your password.' }).max(1000),
    }),
    output: authStatusSchema,
  },
  /** Forgets the access token; nothing is sent to the server. */
  'auth.signOut': {
    input: z.strictObject({ serverId: serverIdSchema.optional() }),
    output: authStatusSchema,
  },
} as const

export const authEvents = {
  /** After sign-in, sign-out, expiry or a refused session; never carries a token. */
  'auth.changed': { payload: authStatusSchema },
} as const
