import {
  ActionIcon,
  Badge,
  Group,
  Loader,
  Menu,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { DeferredSelect } from '../../components/deferred-select'
import { LazyMenu } from '../../components/lazy-popups'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { useDebouncedValue } from '@mantine/hooks'
import {
  IconDots,
  IconEye,
  IconKey,
  IconRefresh,
  IconSearch,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react'
import { useState } from 'react'
import type { PAT_ORDERS, PAT_STATE_FILTERS, PatView } from '../../../shared/ipc/channels/tokens'
import { ErrorAlert } from '../../components/error-alert'
import { useInvoke } from '../../ipc/hooks'
import {
  ExpiryDate,
  LastUsed,
  RelativeDate,
  ReplacedBy,
  ScopeChips,
  StateBadge,
} from './token-badges'

type Order = (typeof PAT_ORDERS)[number]
type StateFilter = (typeof PAT_STATE_FILTERS)[number]

const ORDER_OPTIONS: { value: Order; label: string }[] = [
  { value: 'created_desc', label: 'Newest first' },
  { value: 'created_asc', label: 'Oldest first' },
  { value: 'expires_asc', label: 'Expiring soonest' },
  { value: 'expires_desc', label: 'Expiring latest' },
  { value: 'last_used_desc', label: 'Recently used' },
  { value: 'last_used_asc', label: 'Least recently used' },
  { value: 'name_asc', label: 'Name A–Z' },
  { value: 'name_desc', label: 'Name Z–A' },
]
const STATE_OPTIONS: { value: StateFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'revoked', label: 'Revoked' },
]
const PAGE_SIZES = ['10', '25', '50']

export interface PatActions {
  onDetails: (pat: PatView) => void
  onRotate: (pat: PatView) => void
  onRevoke: (pat: PatView) => void
  onCreate: () => void
}

/** The server's token list: search, state filter, order, paging, and per-row actions. */
export function PatList({ actions }: { actions: PatActions }) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 300)
  const [state, setState] = useState<StateFilter>('all')
  const [orderBy, setOrderBy] = useState<Order>('created_desc')
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(10)
  const list = useInvoke(
    'tokens.list',
    { ...(debounced ? { search: debounced } : {}), state, orderBy, page, pageSize },
    { placeholderData: (previous) => previous },
  )
  const filtered = debounced !== '' || state !== 'all'
  const items = list.data?.items ?? []
  const total = list.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setPage(1)
    }

  return (
    <Paper withBorder radius="md" data-testid="pat-list">
      <Group p="sm" gap="sm" wrap="wrap" justify="space-between">
        <TextInput
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => resetPage(setSearch)(e.currentTarget.value)}
          w={200}
          aria-label="Search tokens by name"
          data-testid="pat-search"
        />
        <SegmentedControl
          size="xs"
          data={STATE_OPTIONS}
          value={state}
          onChange={(value) => resetPage(setState)(value as StateFilter)}
          data-testid="pat-state-filter"
        />
        <DeferredSelect
          size="xs"
          w={170}
          data={ORDER_OPTIONS}
          value={orderBy}
          allowDeselect={false}
          onChange={(value) => value && resetPage(setOrderBy)(value as Order)}
          aria-label="Order"
          data-testid="pat-order"
        />
      </Group>
      {list.error && (
        <Stack p="sm" pt={0}>
          <ErrorAlert error={list.error} title="Could not list your tokens" />
        </Stack>
      )}
      {list.isLoading && (
        <Group p="lg" justify="center">
          <Loader size="sm" />
        </Group>
      )}
      {list.data && items.length === 0 && (
        <Stack align="center" gap={6} p="xl" data-testid="pat-empty">
          <IconKey size={32} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>{filtered ? 'No tokens match' : 'No tokens yet'}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={360}>
            {filtered
              ? 'Try another name or state.'
              : 'Create one for your scripts, notebooks or CI: you choose what it may do and when it expires.'}
          </Text>
          {!filtered && (
            <Text
              size="sm"
              c="indigo"
              fw={600}
              style={{ cursor: 'pointer' }}
              onClick={actions.onCreate}
              data-testid="pat-empty-create"
            >
              Create a token
            </Text>
          )}
        </Stack>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={620}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="pat-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((pat) => (
                <PatRow key={pat.id} pat={pat} actions={actions} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && total > 0 && (
        <Group justify="space-between" p="sm" gap="sm">
          <Text size="xs" c="dimmed" data-testid="pat-count">
            {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, total)} of {total}
            {list.data.via.kind === 'stored-token' &&
              ` · listed with the stored token “${list.data.via.name ?? ''}”`}
          </Text>
          <Group gap="sm">
            <DeferredSelect
              size="xs"
              w={80}
              data={PAGE_SIZES}
              value={String(pageSize)}
              allowDeselect={false}
              onChange={(value) => value && resetPage(setPageSize)(Number(value))}
              aria-label="Tokens per page"
            />
            <Pagination
              size="sm"
              total={pages}
              value={page}
              onChange={setPage}
              data-testid="pat-pagination"
            />
          </Group>
        </Group>
      )}
    </Paper>
  )
}

function PatRow({ pat, actions }: { pat: PatView; actions: PatActions }) {
  const live = pat.state === 'active'
  return (
    <Table.Tr data-testid="pat-row" data-pat-id={pat.id} data-state={pat.state}>
      <Table.Td maw={260}>
        <Text
          size="sm"
          fw={600}
          truncate
          style={{ cursor: 'pointer' }}
          onClick={() => actions.onDetails(pat)}
          data-testid="pat-name"
        >
          {pat.name}
        </Text>
        {pat.replacedBy && <ReplacedBy replacement={pat.replacedBy} />}
        {(pat.stored || pat.description) && (
          <Group gap={6} wrap="nowrap" mt={2}>
            {pat.stored && (
              <LazyTooltip
                label={
                  pat.stored.active
                    ? 'Stored in this app and used for its requests'
                    : 'Stored in this app'
                }
              >
                <Badge
                  size="xs"
                  variant={pat.stored.active ? 'filled' : 'light'}
                  color="indigo"
                  style={{ flex: 'none' }}
                  leftSection={pat.stored.active ? <IconStarFilled size={9} /> : undefined}
                  data-testid="pat-stored"
                >
                  {pat.stored.active ? 'in use' : 'stored'}
                </Badge>
              </LazyTooltip>
            )}
            {pat.description && (
              <Text size="xs" c="dimmed" truncate>
                {pat.description}
              </Text>
            )}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <ScopeChips scopes={pat.scopes} max={2} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <RelativeDate iso={pat.createdAt} testId="pat-created" past />
        <LastUsed iso={pat.lastUsedAt} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {pat.state === 'revoked' ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <ExpiryDate iso={pat.expiresAt} />
        )}
      </Table.Td>
      <Table.Td>
        <StateBadge state={pat.state} />
      </Table.Td>
      <Table.Td w={40}>
        <LazyMenu
          position="bottom-end"
          withinPortal
          shadow="md"
          target={
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Actions for ${pat.name}`}
              data-testid="pat-actions"
            >
              <IconDots size={16} />
            </ActionIcon>
          }
        >
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => actions.onDetails(pat)}>
              Details
            </Menu.Item>
            <Menu.Item
              leftSection={<IconRefresh size={16} />}
              disabled={!live}
              onClick={() => actions.onRotate(pat)}
              data-testid="pat-rotate"
            >
              Rotate…
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTrash size={16} />}
              color="red"
              disabled={pat.state === 'revoked'}
              onClick={() => actions.onRevoke(pat)}
              data-testid="pat-revoke"
            >
              Revoke…
            </Menu.Item>
          </Menu.Dropdown>
        </LazyMenu>
      </Table.Td>
    </Table.Tr>
  )
}
