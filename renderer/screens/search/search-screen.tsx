import { IconSearch } from '@tabler/icons-react'
import { PlaceholderScreen } from '../../components/placeholder-screen'

export function SearchScreen() {
  return (
    <PlaceholderScreen
      id="search"
      icon={IconSearch}
      title="Search"
      summary="Find entries and materials on the active server with a visual query builder."
      plans={[
        'Periodic table to include or exclude elements, plus program, method and property filters with live counts',
        'A results table with a column picker, sorting and “select the whole query”, paging through large result sets',
        'Entry pages with an archive tree viewer (references, units, raw JSON) and the exact API call behind each view',
        'Saved searches that can be pinned for offline use',
      ]}
    />
  )
}
