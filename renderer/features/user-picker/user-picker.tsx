import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import type { Person } from '../../../shared/ipc/channels/groups'
import { useInvoke } from '../../ipc/hooks'
import { PersonLine } from './person-line'

const MIN_LETTERS = 2
const DEBOUNCE_MS = 250

/**
 * Finds a person by the start of their name or username (GET /users?prefix=, debounced) and
 * hands the chosen one to `onPick`. Arrow keys move through the matches, Enter picks, Escape
 * closes; the matches show name and affiliation only.
 */
export function UserPicker({
  serverId,
  label = 'Add a person',
  exclude = [],
  onPick,
  disabled,
  testId = 'user-picker',
}: {
  serverId: string
  label?: string
  /** Ids already chosen: shown as such and not offered again. */
  exclude?: readonly string[]
  onPick: (person: Person) => void
  disabled?: boolean
  testId?: string
}) {
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  })
  const [text, setText] = useState('')
  const [prefix] = useDebouncedValue(text.trim(), DEBOUNCE_MS)
  const search = useInvoke(
    'users.search',
    { serverId, prefix },
    { enabled: prefix.length >= MIN_LETTERS, staleTime: 30_000 },
  )
  const users = (search.data?.users ?? []).filter((u) => !exclude.includes(u.userId))
  const typing = text.trim() !== prefix || search.isFetching

  const pick = (userId: string) => {
    const person = users.find((u) => u.userId === userId)
    if (!person) return
    onPick(person)
    setText('')
    combobox.closeDropdown()
  }

  const hint =
    text.trim().length < MIN_LETTERS
      ? `Type at least ${MIN_LETTERS} letters of a name.`
      : search.error
        ? search.error.message
        : !typing && users.length === 0
          ? `Nobody found whose name starts with “${text.trim()}”.`
          : null

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder="Name or username"
          value={text}
          disabled={disabled}
          leftSection={<IconSearch size={14} aria-hidden />}
          rightSection={typing && prefix.length >= MIN_LETTERS ? <Loader size={14} /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value)
            combobox.openDropdown()
            combobox.updateSelectedOptionIndex()
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown data-testid={`${testId}-options`}>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {users.map((person) => (
            <Combobox.Option
              value={person.userId}
              key={person.userId}
              data-testid={`${testId}-option`}
            >
              <PersonLine person={person} />
            </Combobox.Option>
          ))}
          {hint !== null && (
            <Combobox.Empty>
              <Text size="sm" c="dimmed">
                {hint}
              </Text>
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}
