import { Group, Stack, Text } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { memo } from 'react'
import { DeferredSelect } from '../../../components/deferred-select'
import { OWNERS, type Owner } from '../../../../shared/api/owners'
import { ownerNeedsAuth } from '../../../../shared/query/export'

/** What each owner value searches (service-api §4.5, nomad-api-facts §2.1), in plain words. */
export const OWNER_HELP: Record<Owner, { label: string; help: string }> = {
  visible: {
    label: 'Visible to me',
    help: 'Published entries, plus your own and those shared with you when signed in.',
  },
  public: { label: 'Public', help: 'Published entries without embargo. Works without sign-in.' },
  all: {
    label: 'All published',
    help: 'Published entries including embargoed metadata, plus yours and shared ones.',
  },
  user: { label: 'My entries', help: 'Entries you are the main author of. Needs sign-in.' },
  shared: {
    label: 'Shared with me',
    help: 'Entries you own or that are shared with you. Needs sign-in.',
  },
  staging: {
    label: 'My unpublished',
    help: 'Unpublished entries you own or share. Needs sign-in.',
  },
  admin: { label: 'Everything (admin)', help: 'No restriction; only for administrators.' },
}

/** The owner selector: each value explained, a lock on those that need sign-in. */
export const OwnerSelect = memo(function OwnerSelect({
  value,
  onChange,
}: {
  value: Owner
  onChange: (owner: Owner) => void
}) {
  return (
    <DeferredSelect
      size="xs"
      w={190}
      value={value}
      allowDeselect={false}
      onChange={(v) => v && onChange(v as Owner)}
      aria-label="Whose entries to search"
      leftSection={ownerNeedsAuth(value) ? <IconLock size={14} /> : undefined}
      comboboxProps={{ width: 340, position: 'bottom-start' }}
      data={OWNERS.map((o) => ({ value: o, label: OWNER_HELP[o].label }))}
      renderOption={({ option }) => {
        const owner = option.value as Owner
        return (
          <Stack gap={0} data-testid={`owner-option-${owner}`}>
            <Group gap={4}>
              <Text size="sm">{OWNER_HELP[owner].label}</Text>
              {ownerNeedsAuth(owner) && <IconLock size={12} aria-label="needs sign-in" />}
              <Text size="xs" c="dimmed" ff="monospace">
                {owner}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {OWNER_HELP[owner].help}
            </Text>
          </Stack>
        )
      }}
      data-testid="owner-select"
    />
  )
})
