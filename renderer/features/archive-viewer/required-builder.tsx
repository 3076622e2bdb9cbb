import { Button, Divider, Group, Menu, Stack, Switch, Text } from '@mantine/core'
import { LazyMenu } from '../../components/lazy-popups'
import { IconDownload } from '@tabler/icons-react'
import type { JsonObject } from '../../../shared/api'
import type { ArchiveShape } from '../../../shared/archive/references'
import type { RequiredValue } from '../../../shared/archive/required'
import { useStartDownload } from '../downloads/start-download'
import { useCurrentSearch } from './current-search'
import { RequiredJsonEditor } from './required-json-editor'
import { RequiredCopyButtons } from './required-panel'
import { RequiredPreview } from './required-preview'
import { RequiredTickList } from './required-tick-list'
import type { RequiredBuilder } from './use-required-builder'

/**
 * The required builder's pane: the ticks with their list picks and directives, resolve-inplace,
 * the JSON both ways, the size of the answer for this entry, the request as code, and an
 * archive export of the current search with this `required` (through the downloads' planning
 * dialog, the same path as Search's "Export archive data").
 */
export function RequiredBuilderPanel({
  serverId,
  entryId,
  builder,
  shape,
}: {
  serverId: string
  entryId: string
  builder: RequiredBuilder
  shape: ArchiveShape | undefined
}) {
  const empty = builder.ticks.length === 0
  return (
    <Stack gap="sm" p="xs" data-testid="required-builder">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Build a required · {builder.ticks.length}{' '}
          {builder.ticks.length === 1 ? 'place' : 'places'}
        </Text>
        <Switch
          size="xs"
          label="resolve-inplace"
          checked={builder.resolveInplace}
          onChange={(event) => builder.setResolveInplace(event.currentTarget.checked)}
          title="Put a resolved reference's target in place of the reference, instead of at its own place"
        />
      </Group>
      <RequiredTickList builder={builder} shape={shape} />
      <RequiredJsonEditor builder={builder} shape={shape} />
      {!empty && (
        <>
          <RequiredPreview serverId={serverId} entryId={entryId} required={builder.required} />
          <Divider />
          <Text size="xs" c="dimmed">
            Copy the request for this entry as code (never with a token)
          </Text>
          <RequiredCopyButtons serverId={serverId} entryId={entryId} required={builder.required} />
          <SendToDownloads serverId={serverId} entryId={entryId} required={builder.required} />
        </>
      )}
    </Stack>
  )
}

/** The downloads' archive source takes an object: a whole-archive "*" becomes every section. */
const asObject = (required: RequiredValue): JsonObject =>
  typeof required === 'object' ? required : {}

function SendToDownloads({
  serverId,
  entryId,
  required,
}: {
  serverId: string
  entryId: string
  required: RequiredValue
}) {
  const downloads = useStartDownload()
  const search = useCurrentSearch(serverId)
  const send = (
    query: JsonObject,
    owner: 'visible' | NonNullable<typeof search>['owner'],
    label: string,
  ) =>
    downloads.open({
      serverId,
      source: {
        kind: 'archive',
        query,
        owner,
        required: asObject(required),
        format: 'json-per-entry',
      },
      label,
    })
  return (
    <LazyMenu
      position="bottom-start"
      withinPortal
      target={
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconDownload size={12} />}
          style={{ alignSelf: 'flex-start' }}
          data-testid="required-send"
        >
          Send to Downloads…
        </Button>
      }
    >
      <Menu.Dropdown>
        <Menu.Item
          disabled={!search}
          onClick={() =>
            search &&
            send(search.query, search.owner, 'Archive data (required) of the current search')
          }
          data-testid="required-send-search"
        >
          {search ? 'Every entry of the current search' : 'The current search (run a search first)'}
        </Menu.Item>
        <Menu.Item
          onClick={() =>
            send({ entry_id: entryId }, 'visible', `Archive data (required) of entry ${entryId}`)
          }
          data-testid="required-send-entry"
        >
          This entry only
        </Menu.Item>
      </Menu.Dropdown>
    </LazyMenu>
  )
}
