import { Autocomplete, Group, TagsInput, Text } from '@mantine/core'
import { useState } from 'react'
import type { QuantityCatalogue } from '../../../../shared/query'
import { formatCount } from '../model/format'
import { useValueSuggestions } from './use-value-suggestions'

interface Props {
  quantity: string
  op: string
  catalogue: QuantityCatalogue
  placeholder: string
  testId?: string
}

/** An option with its entry count on the right, as in the terms inputs. */
function CountedOption({ value, count }: { value: string; count: number | undefined }) {
  return (
    <Group justify="space-between" w="100%" wrap="nowrap" gap="xs">
      <Text size="xs" truncate>
        {value}
      </Text>
      {count !== undefined && (
        <Text size="xs" c="dimmed" data-testid="suggestion-count">
          {formatCount(count)}
        </Text>
      )}
    </Group>
  )
}

const withCounts =
  (counts: ReadonlyMap<string, number> | undefined) =>
  ({ option }: { option: { value: string } }) => (
    <CountedOption value={option.value} count={counts?.get(option.value)} />
  )

/** Several values ("any of", "all of", "none of") with suggestions and counts; free text too. */
export function SuggestedTagsInput({
  value,
  onChange,
  ...props
}: Props & { value: string[]; onChange: (next: string[]) => void }) {
  const [typed, setTyped] = useState('')
  const { values, counts } = useValueSuggestions(props.quantity, props.op, props.catalogue, typed)
  return (
    <TagsInput
      size="xs"
      placeholder={props.placeholder}
      data={values}
      value={value}
      onChange={onChange}
      searchValue={typed}
      onSearchChange={setTyped}
      renderOption={withCounts(counts)}
      data-testid={props.testId}
    />
  )
}

/** One value ("equals") with suggestions and counts; any typed text is kept as it is. */
export function SuggestedTextInput({
  value,
  onChange,
  ...props
}: Props & { value: string; onChange: (next: string) => void }) {
  const { values, counts } = useValueSuggestions(props.quantity, props.op, props.catalogue, value)
  return (
    <Autocomplete
      size="xs"
      placeholder={props.placeholder}
      data={values}
      value={value}
      onChange={onChange}
      renderOption={withCounts(counts)}
      data-testid={props.testId}
    />
  )
}
