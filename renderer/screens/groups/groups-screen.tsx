import { IconUsersGroup } from '@tabler/icons-react'
import { PlaceholderScreen } from '../../components/placeholder-screen'

/** The Groups section; `group` is the one a #/groups/<group> link names. */
export function GroupsScreen({ group }: { group?: string }) {
  return (
    <PlaceholderScreen
      id="groups"
      icon={IconUsersGroup}
      title={group === undefined ? 'Groups' : `Groups · ${group}`}
      summary="Manage the user groups you share uploads with. NOMAD's own web interface has no screen for this yet."
      plans={[
        'Create groups and add members by searching for their names',
        'See which uploads are shared with each group',
        'Add a whole group as co-authors or reviewers in one step',
      ]}
    />
  )
}
