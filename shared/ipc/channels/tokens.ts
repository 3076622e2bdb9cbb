import { z } from 'zod'
import { ERROR_CODES } from '../../errors/codes'

/**
 * Personal access tokens (PATs) and deprecated app tokens. The secrecy rule of this contract:
 * a raw token value crosses to the renderer only as `reveal.rawToken` in the replies of
 * tokens.create, tokens.rotate and tokens.appToken, and from the renderer only once as
 * `rawToken` in tokens.storePasted. No other channel output and no event carries one.
 */
const serverIdSchema = z.string().min(1).max(100)
const idSchema = z.string().min(1).max(200)

/**
 * The real server's scope names (nomad-pat-facts §3.3), by resource. `tokens:*` can never be
 * given to a PAT; the newest servers add federation:write.
 */
export const SCOPE_GROUPS = {
  uploads: ['read', 'write', 'publish', 'process', 'assign_doi', 'export', 'import'],
  entries: ['read', 'write'],
  datasets: ['read', 'write', 'delete', 'assign_doi'],
  groups: ['read', 'write', 'delete'],
  users: ['read', 'invite'],
  actions: ['read', 'run'],
  north: ['read', 'run'],
  apps: ['read'],
  graph: ['read'],
  info: ['read'],
  materials: ['read'],
  metainfo: ['read'],
  schemas: ['read'],
  suggestions: ['read'],
  systems: ['read'],
  external_optimade: ['read'],
  external_dcat: ['read'],
  external_h5grove: ['read'],
  federation: ['write'],
  tokens: ['create', 'read', 'delete'],
} as const satisfies Record<string, readonly string[]>

export const KNOWN_SCOPES: readonly string[] = Object.entries(SCOPE_GROUPS).flatMap(
  ([resource, actions]) => actions.map((action) => `${resource}:${action}`),
)
/** Scopes no PAT may hold: token management needs the signed-in session. */
export const FORBIDDEN_PAT_SCOPES: readonly string[] = SCOPE_GROUPS.tokens.map((a) => `tokens:${a}`)
export const SCOPE_PATTERN = /^[a-z][a-z0-9_]*:[a-z][a-z0-9_]*$/

export const scopeSchema = z
  .string()
  .trim()
  .regex(SCOPE_PATTERN, { error: 'A scope is written resource:action, e.g. uploads:read.' })
  .refine((scope) => !FORBIDDEN_PAT_SCOPES.includes(scope), {
    error: 'tokens:* scopes cannot be given to a personal access token (servers refuse them).',
  })

export const patStateSchema = z.enum(['active', 'revoked', 'expired'])

/** A stored credential as the window sees it: everything but the value. */
export const storedTokenSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['pat', 'app-token']),
  scopes: z.array(z.string()),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastTestedAt: z.string().nullable(),
  /** The PAT's id on the server (null for app tokens). */
  serverTokenId: z.string().nullable(),
  /** The credential the app uses for this server's requests. */
  active: z.boolean(),
  /** False: kept in memory for this session only. */
  persisted: z.boolean(),
  /**
   * ok; expiring (within the reminder window); expired and rejected (refused by the server:
   * revoked or expired) are never used; locked: the vault must be unlocked first; damaged:
   * the stored value failed its integrity check.
   */
  condition: z.enum(['ok', 'expiring', 'expired', 'rejected', 'locked', 'damaged']),
  problem: z.string().nullable(),
})
export type StoredTokenView = z.infer<typeof storedTokenSchema>

/** A PAT as listed by the server, with what this app knows about it. */
export const patViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  scopes: z.array(z.string()),
  state: patStateSchema,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The local vault entry holding this token's value, if this app stores it. */
  stored: z.strictObject({ id: z.string(), active: z.boolean() }).nullable(),
  /**
   * The token that took this one's place when this app rotated it (the server keeps no such
   * link: a rotation is a revoke plus a new token of the same name). Known for rotations made
   * since the app started; null otherwise.
   */
  replacedBy: z.strictObject({ id: z.string(), createdAt: z.string() }).nullable(),
})
export type PatView = z.infer<typeof patViewSchema>

/** The one-time reveal of a new raw token. `revealId` lets the app store it without the window sending it back. */
export const revealSchema = z.strictObject({
  rawToken: z.string(),
  revealId: z.string(),
  kind: z.enum(['pat', 'app-token']),
  name: z.string(),
  expiresAt: z.string().nullable(),
})
export type Reveal = z.infer<typeof revealSchema>

/**
 * The server issued a token but this app could not store it (the vault write failed). Sent
 * next to the reveal, never instead of it: the token exists only in that reply.
 */
export const storeFailureSchema = z.strictObject({
  code: z.enum(ERROR_CODES),
  message: z.string(),
})
export type StoreFailure = z.infer<typeof storeFailureSchema>

export const scopeCheckSchema = z.strictObject({
  scope: z.string(),
  result: z.enum(['can', 'cannot', 'not-checked']),
  detail: z.string(),
})
export type ScopeCheck = z.infer<typeof scopeCheckSchema>

export const testReportSchema = z.strictObject({
  /** valid: the server accepted it; rejected: revoked, expired or unknown. */
  verdict: z.enum(['valid', 'rejected']),
  message: z.string(),
  user: z
    .strictObject({
      userId: z.string(),
      username: z.string().nullable(),
      name: z.string().nullable(),
    })
    .nullable(),
  checks: z.array(scopeCheckSchema),
  testedAt: z.string(),
})
export type TestReport = z.infer<typeof testReportSchema>

export const PAT_ORDERS = [
  'created_desc',
  'created_asc',
  'expires_asc',
  'expires_desc',
  'last_used_desc',
  'last_used_asc',
  'name_asc',
  'name_desc',
] as const
export const PAT_STATE_FILTERS = ['all', 'active', 'inactive', 'expired', 'revoked'] as const

export const patListInputSchema = z.strictObject({
  serverId: serverIdSchema.optional(),
  search: z.string().trim().max(200).optional(),
  state: z.enum(PAT_STATE_FILTERS).default('all'),
  orderBy: z.enum(PAT_ORDERS).default('created_desc'),
  page: z.number().int().min(1).max(9_999).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
})

export const patListSchema = z.strictObject({
  items: z.array(patViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Which credential listed them: the signed-in session or a stored token (named). */
  via: z.strictObject({ kind: z.enum(['session', 'stored-token']), name: z.string().nullable() }),
})
export type PatList = z.infer<typeof patListSchema>

export const storedListSchema = z.strictObject({
  serverId: z.string(),
  activeId: z.string().nullable(),
  items: z.array(storedTokenSchema),
})
export type StoredList = z.infer<typeof storedListSchema>

export const reminderSchema = z.strictObject({
  serverId: z.string(),
  serverName: z.string(),
  storedId: z.string(),
  name: z.string(),
  kind: z.enum(['pat', 'app-token']),
  expiresAt: z.string(),
  /** Whole days left, 0 on the last day; negative once expired. */
  daysLeft: z.number().int(),
  expired: z.boolean(),
})
export const remindersSchema = z.strictObject({
  reminderDays: z.number().int(),
  items: z.array(reminderSchema),
})
export type Reminders = z.infer<typeof remindersSchema>

const withServer = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ serverId: serverIdSchema.optional(), ...shape })

export const tokensChannels = {
  /** GET /auth/pats with the signed-in session, else the active stored token where the server allows. */
  'tokens.list': { input: patListInputSchema, output: patListSchema },
  'tokens.get': { input: withServer({ id: idSchema }), output: patViewSchema },
  'tokens.create': {
    input: withServer({
      name: z.string().trim().min(1, { error: 'Give the token a name.' }).max(200),
      description: z.string().trim().max(1000).optional(),
      scopes: z
        .array(scopeSchema)
        .min(1, { error: 'Choose at least one scope.' })
        .max(100)
        .refine((list) => new Set(list).size === list.length, {
          error: 'A scope is listed twice.',
        }),
      expiresInDays: z
        .number()
        .int()
        .min(1, { error: 'The lifetime must be at least one day.' })
        .max(36_500),
    }),
    output: z.strictObject({ pat: patViewSchema, reveal: revealSchema }),
  },
  'tokens.revoke': {
    input: withServer({ id: idSchema }),
    output: z.strictObject({ pat: patViewSchema, removedStored: z.string().nullable() }),
  },
  /** Revokes the old token now and returns the new one once; a stored copy is replaced. */
  'tokens.rotate': {
    input: withServer({ id: idSchema }),
    output: z.strictObject({
      pat: patViewSchema,
      reveal: revealSchema,
      /** The stored copy that now holds the new value; null when none was stored or replacing failed. */
      replacedStored: z.string().nullable(),
      storeFailure: storeFailureSchema.nullable(),
    }),
  },
  /** Stores a just-revealed token (by its revealId) in the vault. */
  'tokens.useRevealed': {
    input: z.strictObject({ revealId: idSchema, activate: z.boolean().default(true) }),
    output: storedTokenSchema,
  },
  /** The reveal dialog closed: core forgets the pending value. */
  'tokens.forgetRevealed': {
    input: z.strictObject({ revealId: idSchema }),
    output: z.strictObject({}),
  },
  /** Checks a stored or just-revealed token against the server: whose it is, what it can do. */
  'tokens.test': {
    input: withServer({
      target: z.union([
        z.strictObject({ storedId: idSchema }),
        z.strictObject({ revealId: idSchema }),
      ]),
    }),
    output: testReportSchema,
  },
  /** Stores a pasted token after the same test; refused when the server does not accept it. */
  'tokens.storePasted': {
    input: withServer({
      name: z.string().trim().min(1, { error: 'Give the token a name.' }).max(200),
      rawToken: z
        .string()
        .trim()
        .min(8, { error: 'That is too short to be a token.' })
        .max(4096)
        .regex(/^\S+$/, { error: 'A token has no spaces or line breaks.' }),
      activate: z.boolean().default(true),
    }),
    output: z.strictObject({ stored: storedTokenSchema, report: testReportSchema }),
  },
  'tokens.stored': { input: withServer({}), output: storedListSchema },
  'tokens.setActive': {
    input: withServer({ id: idSchema.nullable() }),
    output: storedListSchema,
  },
  'tokens.removeStored': { input: withServer({ id: idSchema }), output: storedListSchema },
  /** GET /auth/app_token (deprecated): requested with the session, stored in the vault, revealed once. */
  'tokens.appToken': {
    input: withServer({
      name: z.string().trim().min(1, { error: 'Give the app token a name.' }).max(200),
      expiresInSeconds: z
        .number()
        .int()
        .min(1, { error: 'The lifetime must be at least one second.' })
        .max(315_360_000),
      activate: z.boolean().default(false),
    }),
    output: z.strictObject({
      /** Null when storing failed: the token is then only in the reveal. */
      stored: storedTokenSchema.nullable(),
      reveal: revealSchema,
      storeFailure: storeFailureSchema.nullable(),
    }),
  },
  'tokens.reminders': { input: z.strictObject({}), output: remindersSchema },
  'tokens.setReminderDays': {
    input: z.strictObject({ days: z.number().int().min(0).max(90) }),
    output: remindersSchema,
  },
} as const

export const tokensEvents = {
  /** Stored tokens or server-side tokens of a server changed (refresh lists). */
  'tokens.changed': { payload: z.strictObject({ serverId: z.string() }) },
  /** Stored tokens that expire soon or have expired (web mode shows a banner). */
  'tokens.reminders': { payload: remindersSchema },
} as const
