import { Group, Pagination } from '@mantine/core'

/** Page numbers under a paged table; nothing when everything fits on one page. */
export function PagePicker({
  pages,
  page,
  onChange,
  label,
}: {
  pages: number
  page: number
  onChange: (page: number) => void
  label: string
}) {
  if (pages <= 1) return null
  return (
    <Group justify="center">
      <Pagination total={pages} value={page} onChange={onChange} size="sm" aria-label={label} />
    </Group>
  )
}
