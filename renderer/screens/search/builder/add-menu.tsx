import { Button, Group, Menu, Popover, Stack, Text } from '@mantine/core'
import { LazyMenu, LazyPopover } from '../../../components/lazy-popups'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import type { QuantityCatalogue } from '../../../../shared/query'
import { newGroup, newId, type BuilderNode } from '../model'
import { newCriterionFor } from './new-criterion'
import { QuantitySelect } from './quantity-select'

/** "Add condition" (any quantity, by search) and "Add group" (all / any / none of). */
export function AddMenu({
  catalogue,
  onAdd,
  testId,
}: {
  catalogue: QuantityCatalogue
  onAdd: (node: BuilderNode) => void
  testId: string
}) {
  const [picking, setPicking] = useState(false)
  return (
    <Group gap={6}>
      <LazyPopover
        opened={picking}
        onChange={setPicking}
        width={380}
        position="bottom-start"
        trapFocus
        returnFocus
        target={
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={12} />}
            onClick={() => setPicking((o) => !o)}
            data-testid={`${testId}-condition`}
            data-add-condition
          >
            Condition
          </Button>
        }
      >
        <Popover.Dropdown>
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              Any searchable quantity; type to search names and descriptions.
            </Text>
            <QuantitySelect
              catalogue={catalogue}
              value={null}
              placeholder="e.g. space group, cutoff, dataset"
              onChange={(name) => {
                onAdd(newCriterionFor(name, catalogue))
                setPicking(false)
              }}
              testId={`${testId}-quantity`}
            />
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                onAdd({
                  kind: 'generic',
                  id: newId('c'),
                  quantity: '',
                  op: 'equals',
                  values: [],
                  lower: null,
                  upper: null,
                })
                setPicking(false)
              }}
            >
              Empty row with operator
            </Button>
          </Stack>
        </Popover.Dropdown>
      </LazyPopover>
      <LazyMenu
        position="bottom-start"
        target={
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={12} />}
            data-testid={`${testId}-group`}
          >
            Group
          </Button>
        }
      >
        <Menu.Dropdown>
          <Menu.Item onClick={() => onAdd(newGroup('or'))} data-testid={`${testId}-group-or`}>
            Any of (OR)
          </Menu.Item>
          <Menu.Item onClick={() => onAdd(newGroup('and'))} data-testid={`${testId}-group-and`}>
            All of (AND)
          </Menu.Item>
          <Menu.Item onClick={() => onAdd(newGroup('not'))} data-testid={`${testId}-group-not`}>
            None of (NOT)
          </Menu.Item>
        </Menu.Dropdown>
      </LazyMenu>
    </Group>
  )
}
