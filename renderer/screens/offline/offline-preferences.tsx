import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import type { OfflinePreferences } from '../../../shared/ipc/channels/offline-sync'
import { ErrorAlert } from '../../components/error-alert'
import { queryKeyFor, useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { useQueryClient } from '@tanstack/react-query'

/** When a pin counts as stale, and how often pins sync by themselves. */
export function OfflinePreferencesPanel() {
  const current = useInvoke('offline.preferences', {})
  return current.data ? <PreferencesForm initial={current.data} /> : null
}

function PreferencesForm({ initial }: { initial: OfflinePreferences }) {
  const [draft, setDraft] = useState(initial)
  const queryClient = useQueryClient()
  const save = useMutationInvoke('offline.setPreferences', {
    onSuccess: (saved) => queryClient.setQueryData(queryKeyFor('offline.preferences', {}), saved),
  })
  const number = (value: string | number) => (typeof value === 'number' ? value : Number(value))
  return (
    <Paper withBorder p="md" data-testid="offline-preferences">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Freshness
        </Title>
        <Group align="flex-end">
          <NumberInput
            label="Mark pins stale after (days)"
            min={1}
            max={3650}
            w={260}
            value={draft.staleAfterDays}
            onChange={(value) => setDraft({ ...draft, staleAfterDays: number(value) })}
            data-testid="pref-stale-days"
          />
          <NumberInput
            label="Sync every (hours, 0 = by hand)"
            min={0}
            max={8760}
            w={260}
            value={draft.syncEveryHours}
            onChange={(value) => setDraft({ ...draft, syncEveryHours: number(value) })}
            data-testid="pref-sync-hours"
          />
          <Button
            variant="default"
            onClick={() => save.mutate(draft)}
            loading={save.isPending}
            data-testid="pref-save"
          >
            Save
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Scheduled syncs run in the background, behind anything you are waiting for, while the app
          is open.
        </Text>
        {save.error && <ErrorAlert error={save.error} />}
      </Stack>
    </Paper>
  )
}
