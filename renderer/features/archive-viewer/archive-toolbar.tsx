import { ActionIcon, Group, SegmentedControl, Switch, Text, TextInput } from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import {
  IconArrowLeft,
  IconArrowRight,
  IconChevronDown,
  IconChevronUp,
  IconSearch,
} from '@tabler/icons-react'
import type { RefObject } from 'react'
import type { UnitMode } from './archive-units'
import type { ArchiveFind } from './use-archive-find'

const fmt = (n: number) => n.toLocaleString('en-US')

/**
 * The viewer's toolbar: back and forward, the search inside the archive (Enter / Shift+Enter or
 * F3 / Shift+F3 step through the matches), the unit switch and the required builder's switch.
 */
export function ArchiveToolbar({
  find,
  inputRef,
  matches,
  capped,
  back,
  forward,
  unitMode,
  onUnitMode,
  building,
  onBuilding,
}: {
  find: ArchiveFind
  inputRef: RefObject<HTMLInputElement | null>
  matches: number
  capped: boolean
  back?: () => void
  forward?: () => void
  unitMode: UnitMode
  onUnitMode: (mode: UnitMode) => void
  building: boolean
  onBuilding: (on: boolean) => void
}) {
  const searching = find.deferred.trim() !== ''
  return (
    <Group wrap="wrap" gap="sm">
      {back && forward && (
        <Group gap={4} wrap="nowrap">
          <LazyTooltip label="Back (Alt+←)">
            <ActionIcon
              variant="default"
              aria-label="Back"
              onClick={back}
              data-testid="archive-back"
            >
              <IconArrowLeft size={16} />
            </ActionIcon>
          </LazyTooltip>
          <LazyTooltip label="Forward (Alt+→)">
            <ActionIcon
              variant="default"
              aria-label="Forward"
              onClick={forward}
              data-testid="archive-forward"
            >
              <IconArrowRight size={16} />
            </ActionIcon>
          </LazyTooltip>
        </Group>
      )}
      <Group gap={4} wrap="nowrap" style={{ flex: '0 1 420px' }}>
        <TextInput
          ref={inputRef}
          placeholder="Find keys and values (Ctrl+F)"
          leftSection={<IconSearch size={14} />}
          value={find.text}
          onChange={(event) => find.setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              find.step(event.shiftKey ? -1 : 1)
            } else if (event.key === 'Escape' && find.text !== '') {
              event.stopPropagation()
              find.setText('')
            }
          }}
          style={{ flex: 1 }}
          aria-label="Find in the archive"
          aria-describedby="archive-find-note"
          data-testid="archive-filter"
        />
        <LazyTooltip label="Previous match (Shift+Enter, Shift+F3)">
          <ActionIcon
            variant="default"
            aria-label="Previous match"
            disabled={matches === 0}
            onClick={() => find.step(-1)}
            data-testid="archive-find-previous"
          >
            <IconChevronUp size={16} />
          </ActionIcon>
        </LazyTooltip>
        <LazyTooltip label="Next match (Enter, F3)">
          <ActionIcon
            variant="default"
            aria-label="Next match"
            disabled={matches === 0}
            onClick={() => find.step(1)}
            data-testid="archive-find-next"
          >
            <IconChevronDown size={16} />
          </ActionIcon>
        </LazyTooltip>
      </Group>
      <SegmentedControl
        style={{ flex: 'none' }}
        size="xs"
        value={unitMode}
        onChange={(value) => onUnitMode(value as UnitMode)}
        data={[
          { value: 'researcher', label: 'eV · Å · GPa' },
          { value: 'si', label: 'SI' },
        ]}
        aria-label="Units"
        data-testid="archive-units"
      />
      <Switch
        size="xs"
        style={{ flex: 'none' }}
        label="Build required"
        checked={building}
        onChange={(event) => onBuilding(event.currentTarget.checked)}
        data-testid="archive-builder-toggle"
      />
      <Text
        id="archive-find-note"
        size="xs"
        c="dimmed"
        style={{ flex: '1 1 200px' }}
        ta="right"
        aria-live="polite"
        data-testid="archive-filter-note"
      >
        {!searching
          ? 'Sections load as you open them'
          : matches === 0
            ? 'No match in the loaded parts; open sections to search inside them'
            : `${find.current >= 0 ? `${fmt(find.current + 1)} of ` : ''}${fmt(matches)}${capped ? '+' : ''} matching keys and values in the loaded parts`}
      </Text>
    </Group>
  )
}
