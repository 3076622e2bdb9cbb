import { Group, Text } from '@mantine/core'
import { useMemo, useState } from 'react'
import { DeferredSelect } from '../../../components/deferred-select'
import type { QuantityCatalogue } from '../../../../shared/query'
import { quantityLabel } from '../model/labels'

/** Pick any searchable quantity; searches names and descriptions (the server's catalogue). */
export function QuantitySelect({
  catalogue,
  value,
  onChange,
  placeholder = 'Quantity',
  testId,
}: {
  catalogue: QuantityCatalogue
  value: string | null
  onChange: (name: string) => void
  placeholder?: string
  testId?: string
}) {
  const [search, setSearch] = useState('')
  const data = useMemo(() => {
    const found = catalogue.search(search, 80).map((q) => ({ value: q.name, label: q.name }))
    if (value && !found.some((d) => d.value === value)) found.unshift({ value, label: value })
    return found
  }, [catalogue, search, value])
  return (
    <DeferredSelect
      size="xs"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      placeholder={placeholder}
      value={value}
      onChange={(v) => v && onChange(v)}
      data={data}
      nothingFoundMessage="No quantity has that in its name or description"
      comboboxProps={{ width: 380, position: 'bottom-start' }}
      renderOption={({ option }) => {
        const q = catalogue.get(option.value)
        return (
          <div>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" fw={600}>
                {quantityLabel(option.value)}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" truncate>
                {option.value}
              </Text>
            </Group>
            {q && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {q.description}
              </Text>
            )}
          </div>
        )
      }}
      data-testid={testId}
      style={{ flex: 1, minWidth: 0 }}
    />
  )
}
