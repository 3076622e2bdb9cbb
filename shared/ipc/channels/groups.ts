import { z } from 'zod'
import { serverIdSchema as serverId } from './fields'
import { groupNameProblem } from '../../groups/group-name'

/**
 * User groups (GET/POST /groups, POST /groups/{id}/edit, DELETE /groups/{id}), the user search
 * that finds members (GET /users?prefix=), and the collaborators of an upload (coauthors and
 * reviewers, people or groups; POST /uploads/{id}/edit). People are shown by name and
 * affiliation only: no channel here ever carries an e-mail address.
 */
const groupId = z.string().min(1, { error: 'A group id is required.' }).max(200)
const userId = z.string().min(1, { error: 'A user id is required.' }).max(200)
const uploadId = z.string().min(1, { error: 'An upload id is required.' }).max(200)

/** A group name the server will accept (shared/groups/group-name.ts says why not). */
export const groupNameSchema = z.string().superRefine((name, ctx) => {
  const problem = groupNameProblem(name)
  if (problem !== null) ctx.addIssue({ code: 'custom', message: `Group name: ${problem}` })
})

/** A person as the app shows them; name and affiliation are null when the server has none. */
export const personSchema = z.strictObject({
  userId: z.string(),
  name: z.string().nullable(),
  affiliation: z.string().nullable(),
  /** False when the server no longer knows this id (a deleted account). */
  known: z.boolean(),
})
export type Person = z.infer<typeof personSchema>

/** The caller's relation to a group. */
export const groupRoleSchema = z.enum(['owner', 'member', 'none'])
export type GroupRole = z.infer<typeof groupRoleSchema>

export const groupSummarySchema = z.strictObject({
  groupId: z.string(),
  name: z.string(),
  owner: personSchema,
  memberCount: z.number().int().nonnegative(),
  role: groupRoleSchema,
})
export type GroupSummary = z.infer<typeof groupSummarySchema>

export const groupViewSchema = z.strictObject({
  groupId: z.string(),
  name: z.string(),
  owner: personSchema,
  members: z.array(personSchema),
  role: groupRoleSchema,
  /**
   * Null when the caller may rename, change members and delete; otherwise the sentence that
   * says why not (not the owner, not signed in).
   */
  readOnlyReason: z.string().nullable(),
})
export type GroupView = z.infer<typeof groupViewSchema>

/** The group as the editor loaded it: what a concurrent change is measured against. */
export const groupBaseSchema = z.strictObject({
  name: z.string().max(200),
  members: z.array(userId).max(1000),
})

export const collaboratorRoleSchema = z.enum(['coauthor', 'reviewer'])
export type CollaboratorRole = z.infer<typeof collaboratorRoleSchema>

export const groupRefSchema = z.strictObject({
  groupId: z.string(),
  /** Null for a group the server no longer has (deleted after it was added). */
  name: z.string().nullable(),
  /** True for the pseudo-group "all" (everybody). */
  everybody: z.boolean(),
})
export type GroupRef = z.infer<typeof groupRefSchema>

export const collaboratorsSchema = z.strictObject({
  uploadId: z.string(),
  uploadName: z.string().nullable(),
  published: z.boolean(),
  mainAuthor: personSchema.nullable(),
  coauthors: z.array(personSchema),
  reviewers: z.array(personSchema),
  coauthorGroups: z.array(groupRefSchema),
  reviewerGroups: z.array(groupRefSchema),
  /** Null when the caller may change collaborators, else why not. */
  readOnlyReason: z.string().nullable(),
  /** The server accepted the last change but is still applying it (real servers queue edits). */
  pending: z.boolean(),
})
export type Collaborators = z.infer<typeof collaboratorsSchema>

export const groupsChannels = {
  /**
   * mine: the groups the signed-in user owns or belongs to (GET /groups?user_id=); search: every
   * group whose name contains all the words (GET /groups?search_terms=).
   */
  'groups.list': {
    input: z.strictObject({
      serverId,
      scope: z.enum(['mine', 'search']),
      search: z.string().trim().max(200).optional(),
    }),
    output: z.strictObject({
      groups: z.array(groupSummarySchema),
      /** The signed-in user's id, or null when nobody is signed in. */
      me: z.string().nullable(),
    }),
  },
  /** One group with owner and members resolved to names and affiliations. */
  'groups.get': {
    input: z.strictObject({ serverId, groupId }),
    output: groupViewSchema,
  },
  /**
   * Creates (no groupId) or edits a group with the whole new member list. An edit re-reads the
   * group first: when it changed since `base`, nothing is sent and the answer is `conflict`
   * with the group as it is now, so the user can merge.
   */
  'groups.save': {
    input: z.strictObject({
      serverId,
      groupId: groupId.optional(),
      name: groupNameSchema,
      members: z.array(userId).max(1000),
      base: groupBaseSchema.optional(),
    }),
    output: z.discriminatedUnion('outcome', [
      z.strictObject({ outcome: z.literal('saved'), group: groupViewSchema }),
      z.strictObject({ outcome: z.literal('conflict'), current: groupViewSchema }),
    ]),
  },
  'groups.remove': {
    input: z.strictObject({ serverId, groupId }),
    output: z.strictObject({ groupId: z.string() }),
  },
  /** People whose name or username starts with the prefix (GET /users?prefix=). */
  'users.search': {
    input: z.strictObject({
      serverId,
      prefix: z.string().trim().min(2, { error: 'Type at least 2 letters.' }).max(100),
    }),
    output: z.strictObject({ users: z.array(personSchema) }),
  },
  /** Who works on an upload besides its main author. */
  'collaborators.get': {
    input: z.strictObject({ serverId, uploadId }),
    output: collaboratorsSchema,
  },
  /** Adds or removes one person or group as coauthor or reviewer (POST /uploads/{id}/edit). */
  'collaborators.change': {
    input: z.strictObject({
      serverId,
      uploadId,
      role: collaboratorRoleSchema,
      kind: z.enum(['user', 'group']),
      action: z.enum(['add', 'remove']),
      id: z.string().min(1).max(200),
    }),
    output: collaboratorsSchema,
  },
} as const

export const groupsEvents = {} as const
