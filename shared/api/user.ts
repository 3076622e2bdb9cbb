import { z } from 'zod'
import { isoDateTime } from './dates'

/**
 * A person as embedded in entry metadata (main_author, authors, writers, viewers). External
 * authors have a name but no account, hence no user_id. Email is always stripped by the server.
 */
export const userRef = z.looseObject({
  user_id: z.string().optional(),
  name: z.string(),
})
export type UserRef = z.infer<typeof userRef>

/**
 * A user from GET /users (public subset). Everything but the id may be missing: names come from
 * the identity provider and are not mandatory there.
 */
export const user = z.looseObject({
  user_id: z.string(),
  name: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  affiliation: z.string().optional(),
  affiliation_address: z.string().optional(),
})
export type User = z.infer<typeof user>

/**
 * GET /users/me: the full record including email. Not recorded anywhere, so the optional fields
 * also accept null in case this endpoint keeps null keys.
 */
export const currentUser = user.extend({
  name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  username: z.string().nullish(),
  affiliation: z.string().nullish(),
  affiliation_address: z.string().nullish(),
  email: z.string().nullish(),
  created: isoDateTime.nullish(),
  repo_user_id: z.string().nullish(),
  is_admin: z.boolean().nullish(),
  is_oasis_admin: z.boolean().nullish(),
})
export type CurrentUser = z.infer<typeof currentUser>

/** GET /users?prefix=… or ?user_id=…: the matches, unpaginated. */
export const usersResponse = z.looseObject({ data: z.array(user) })
export type UsersResponse = z.infer<typeof usersResponse>
