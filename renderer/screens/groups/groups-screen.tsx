import { IconUsersGroup } from '@tabler/icons-react'
import { PlaceholderScreen } from '../../components/placeholder-screen'

export function GroupsScreen() {
  return (
    <PlaceholderScreen
      id="groups"
      icon={IconUsersGroup}
      title="Groups"
      summary="Manage the user groups you share uploads with. NOMAD's own web interface has no screen for this yet."
      plans={[
        'Create groups and add members by searching for their names',
        'See which uploads are shared with each group',
        'Add a whole group as co-authors or reviewers in one step',
      ]}
    />
  )
}
