import { z } from 'zod'

/**
 * A user group. The owner is stored apart from the members and need not be one of them; member
 * and owner values are user ids. The pseudo-group id "all" never appears here, only in upload
 * group fields.
 */
export const group = z.looseObject({
  group_id: z.string(),
  group_name: z.string(),
  owner: z.string(),
  members: z.array(z.string()),
})
export type Group = z.infer<typeof group>

/** GET /groups (unpaginated). */
export const groupsResponse = z.looseObject({ data: z.array(group) })
export type GroupsResponse = z.infer<typeof groupsResponse>
