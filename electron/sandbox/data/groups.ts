import type { SandboxGroup } from '../state/types'
import { CAST } from './users'

/**
 * Demo user groups. Ids are fixed (22-char, create_uuid-shaped) so that uploads shared with a
 * group keep working across seeds and restarts.
 */
export const GROUP_IDS = {
  hoffmannLab: 'm3cIqDq8T4uU1yZ0v4hQ7w',
  catalysis: 'Xy2FvH0sQnKc5zq7WbY1dA',
  readingClub: 'pQ9rT2uVw3xYz4A5bC6dEf',
} as const

/** The pseudo-group everybody belongs to (valid in upload group fields, no document). */
export const GROUP_ALL = 'all'

export function demoGroups(): SandboxGroup[] {
  return [
    {
      group_id: GROUP_IDS.hoffmannLab,
      group_name: 'Hoffmann Lab',
      owner: CAST.lena.user_id,
      members: [CAST.omar.user_id, CAST.sofia.user_id],
    },
    {
      group_id: GROUP_IDS.catalysis,
      group_name: 'Catalysis Consortium',
      owner: CAST.mei.user_id,
      members: [CAST.sofia.user_id, CAST.community[0]?.user_id ?? CAST.mei.user_id],
    },
    {
      group_id: GROUP_IDS.readingClub,
      group_name: 'Paul reading club',
      owner: CAST.paul.user_id,
      members: [],
    },
  ]
}
