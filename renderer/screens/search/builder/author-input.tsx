import { Group, SegmentedControl, Stack, TagsInput, Text } from '@mantine/core'
import { useState } from 'react'
import type { Owner } from '../../../../shared/api'
import { useInvoke } from '../../../ipc/hooks'
import { formatCount } from '../model/format'
import { newId, rootCriterion, setRootCriterion, type BuilderModel } from '../model'
import { useDebounced } from './use-debounced'

const AUTHORS = 'authors.name'

/** Author names with suggestions from the server (names containing what you type, with counts). */
export function AuthorInput({
  serverId,
  owner,
  model,
  onChange,
}: {
  serverId: string
  owner: Owner
  model: BuilderModel
  onChange: (model: BuilderModel) => void
}) {
  const current = rootCriterion(model, 'author', AUTHORS)
  const names = current?.names ?? []
  const [search, setSearch] = useState('')
  const text = useDebounced(search.trim(), 250)
  const suggestions = useInvoke(
    'search.suggestAuthors',
    { serverId, owner, text },
    { enabled: text.length >= 2, staleTime: 5 * 60_000 },
  )
  const counts = new Map((suggestions.data?.names ?? []).map((b) => [String(b.value), b.count]))
  const set = (nextNames: string[], op = current?.op ?? 'any') =>
    onChange(
      setRootCriterion(
        model,
        'author',
        AUTHORS,
        nextNames.length === 0
          ? null
          : {
              kind: 'author',
              id: current?.id ?? newId('c'),
              quantity: AUTHORS,
              op,
              names: nextNames,
            },
      ),
    )
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Authors
        </Text>
        {names.length > 1 && (
          <SegmentedControl
            size="xs"
            value={current?.op ?? 'any'}
            onChange={(v) => set(names, v as 'any' | 'all')}
            data={[
              { value: 'any', label: 'any' },
              { value: 'all', label: 'all' },
            ]}
          />
        )}
      </Group>
      <TagsInput
        size="xs"
        placeholder={names.length === 0 ? 'Type a name, e.g. “Ada”' : undefined}
        value={names}
        onChange={set}
        searchValue={search}
        onSearchChange={setSearch}
        data={[...counts.keys()].filter((n) => !names.includes(n))}
        renderOption={({ option }) => (
          <Group justify="space-between" w="100%" wrap="nowrap">
            <Text size="xs">{option.value}</Text>
            {(counts.get(option.value) ?? 0) > 0 && (
              <Text size="xs" c="dimmed">
                {formatCount(counts.get(option.value) ?? 0)}
              </Text>
            )}
          </Group>
        )}
        filter={({ options }) => options}
        clearable
        data-testid="author-input"
      />
    </Stack>
  )
}
