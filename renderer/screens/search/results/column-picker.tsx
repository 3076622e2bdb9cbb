import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { LazyPopover } from '../../../components/lazy-popups'
import { LazyTooltip } from '../../../components/lazy-tooltip'
import { IconArrowDown, IconArrowUp, IconColumns, IconSearch } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import type { QuantityCatalogue } from '../../../../shared/query'
import { quantityLabel } from '../model/labels'
import { DEFAULT_COLUMNS } from '../state/session'

export const MAX_COLUMNS = 30

/** Choose and order the table's columns from the whole catalogue, searchable by name and text. */
export function ColumnPicker({
  catalogue,
  columns,
  onChange,
}: {
  catalogue: QuantityCatalogue
  columns: string[]
  onChange: (columns: string[]) => void
}) {
  const [text, setText] = useState('')
  const matches = useMemo(
    () =>
      catalogue
        .search(text, 200)
        .filter((q) => q.type !== 'text' && !columns.includes(q.name))
        .slice(0, 60),
    [catalogue, text, columns],
  )
  const move = (index: number, by: number) => {
    const next = [...columns]
    const [item] = next.splice(index, 1)
    if (item !== undefined) next.splice(index + by, 0, item)
    onChange(next)
  }
  return (
    <LazyPopover
      width={420}
      position="bottom-end"
      shadow="md"
      trapFocus
      target={
        <Button
          size="xs"
          variant="default"
          leftSection={<IconColumns size={14} />}
          data-testid="column-picker"
        >
          Columns
        </Button>
      }
    >
      <Popover.Dropdown data-testid="column-picker-dropdown">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Shown ({columns.length})
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => onChange([...DEFAULT_COLUMNS])}
            >
              Reset
            </Button>
          </Group>
          <Stack gap={2}>
            {columns.map((name, index) => (
              <Group key={name} gap={4} wrap="nowrap" data-testid="column-shown">
                <Checkbox
                  size="xs"
                  radius="xs"
                  checked
                  onChange={() => onChange(columns.filter((c) => c !== name))}
                  label={quantityLabel(name)}
                  title={name}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  size="xs"
                  variant="subtle"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move ${quantityLabel(name)} left`}
                >
                  <IconArrowUp size={12} />
                </ActionIcon>
                <ActionIcon
                  size="xs"
                  variant="subtle"
                  disabled={index === columns.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${quantityLabel(name)} right`}
                >
                  <IconArrowDown size={12} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <TextInput
            size="xs"
            leftSection={<IconSearch size={14} />}
            placeholder="Find a quantity by name or description"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="column-search"
          />
          <ScrollArea.Autosize mah={260}>
            <Stack gap={2}>
              {matches.map((q) => (
                <LazyTooltip key={q.name} label={q.description} openDelay={500} multiline w={320}>
                  <Checkbox
                    size="xs"
                    radius="xs"
                    checked={false}
                    disabled={columns.length >= MAX_COLUMNS}
                    onChange={() => onChange([...columns, q.name])}
                    label={
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs">{quantityLabel(q.name)}</Text>
                        <Text size="xs" c="dimmed" truncate>
                          {q.name}
                        </Text>
                        {q.sortable && (
                          <Badge size="xs" variant="light" color="gray">
                            sortable
                          </Badge>
                        )}
                      </Group>
                    }
                    data-testid="column-option"
                    data-quantity={q.name}
                  />
                </LazyTooltip>
              ))}
              {matches.length === 0 && (
                <Text size="xs" c="dimmed">
                  No other quantity matches “{text}”.
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </LazyPopover>
  )
}
