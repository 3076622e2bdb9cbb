import { ActionIcon, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { useHotkeys } from '@mantine/hooks'
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconSearch,
} from '@tabler/icons-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { HistoryItem, SearchState } from '../../../shared/ipc/channels/search'
import type { Owner } from '../../../shared/api'
import { useCompactLayout } from '../../components/compact-layout'
import { useServers } from '../../features/servers/use-servers'
import { ErrorAlert } from '../../components/error-alert'
import { useIpcClient } from '../../ipc/client-context'
import { BuilderPanel } from './builder/builder-panel'
import { FacetScopeProvider } from './builder/facet-scope'
import { OwnerSelect } from './builder/owner-select'
import { useDebounced } from './builder/use-debounced'
import { useFacets } from './builder/use-facets'
import { CatalogueFallbackBadge } from './catalogue-fallback-badge'
import { CopyAsMenu } from './copy-as'
import { LiveCount } from './live-count'
import { fromQuery, toQuery, type BuilderModel } from './model'
import { formatCount } from './model/format'
import { ResultsPanel } from './results/results-panel'
import { RestoreNotice } from './restore-notice'
import { HistoryMenu, SavedMenu } from './saved-menu'
import {
  answeredOrQuietOver,
  isNewSearch,
  pageQueryOf,
  requestFirstPage,
} from './results/first-page'
import {
  isDirty,
  newSession,
  sessionFromState,
  stateFromSession,
  submit,
  type SearchSession,
} from './state/session'
import { sessionStore } from './state/session-store'
import { useCatalogue } from './state/use-catalogue'
import { liveCountOf } from './state/live-count'
import { useSearchSession } from './state/use-search-session'
import classes from './search-screen.module.css'

const COUNT_DELAY_MS = 300

/**
 * Search: the query builder on the left, the results on the right. The builder is a draft; the
 * table shows the last submitted search (Search button, Enter, or Ctrl/Cmd+Enter) while a live
 * count says what the draft would find. In a small or zoomed window (compact layout) the two
 * take the whole width in turn: the builder, then the results once the search runs.
 */
export function SearchScreen() {
  const { active, activeId } = useServers()
  const { catalogue, info } = useCatalogue(activeId)
  const sessionHook = useSearchSession(activeId, catalogue)
  const { session, unreadable, retryRestore, keepCurrent } = sessionHook
  const [builderOpen, setBuilderOpen] = useState(true)
  const compact = useCompactLayout()
  const client = useIpcClient()
  // The button that hid or showed the builder goes away with it: its twin takes the focus.
  const moveFocus = useRef(false)
  const showButton = useRef<HTMLButtonElement>(null)
  const hideButton = useRef<HTMLButtonElement>(null)
  const openBuilder = useCallback((open: boolean) => {
    moveFocus.current = true
    setBuilderOpen(open)
  }, [])
  useEffect(() => {
    if (!moveFocus.current) return
    moveFocus.current = false
    ;(builderOpen ? hideButton : showButton).current?.focus()
  }, [builderOpen])
  // Search answers first, renders second: a change that shows a new search in the table asks
  // for its first page before the session store tells React (which re-renders the screen).
  const updateSession = sessionHook.update
  const update = useCallback(
    (change: (current: SearchSession) => SearchSession) =>
      updateSession((current) => {
        const next = change(current)
        // Its settling is the store's to handle (it takes the page); nothing waits for it here.
        if (activeId && isNewSearch(current, next))
          void requestFirstPage(client, pageQueryOf(activeId, next))
        return next
      }),
    [updateSession, client, activeId],
  )

  // Keyed on the parts they show, not the session: a submit changes neither, so the memoised
  // menus above the table skip its render (the click's first row waits for that render).
  const model = session?.model
  const draftQuery = useMemo(() => (model ? toQuery(model) : {}), [model])
  const debounced = useDebounced(
    { query: draftQuery, owner: session?.owner ?? 'visible' },
    COUNT_DELAY_MS,
  )
  const facets = useFacets(
    activeId ?? '',
    debounced.owner,
    debounced.query,
    session?.model ?? EMPTY_MODEL,
    !!activeId && !!session,
  )
  const count = liveCountOf(facets)
  // Rows deep in the Advanced tree count their values under the same debounced query.
  const facetScope = useMemo(
    () => ({ serverId: activeId ?? '', owner: debounced.owner, query: debounced.query }),
    [activeId, debounced],
  )
  const countError = count.error
  const optimadeError = count.optimadeError

  // A submitted search goes into the history once its first page has arrived (with its total).
  const recordNext = useRef(false)
  const setModel = useCallback((model: BuilderModel) => update((s) => ({ ...s, model })), [update])
  // A submit leaves the screen as it is until its first page is in, or QUIET_SUBMIT_MS: the
  // table then changes once, and nothing renders or paints while the request travels. What is
  // submitted is what the builder showed at the click; an edit made meanwhile stays a draft.
  const onSubmit = useCallback(() => {
    recordNext.current = true
    if (compact) openBuilder(false)
    const current = activeId ? sessionStore.get(activeId) : undefined
    if (!activeId || !current) return
    const next = submit(current)
    if (!isNewSearch(current, next)) return update(() => next)
    void answeredOrQuietOver(requestFirstPage(client, pageQueryOf(activeId, next))).then(() =>
      update((latest) => (latest === current ? next : { ...latest, submitted: next.submitted })),
    )
  }, [update, compact, openBuilder, activeId, client])
  useHotkeys([['mod+Enter', onSubmit]], [])

  const onFirstPage = useCallback(
    (total: number) => {
      const current = activeId ? sessionStore.get(activeId) : undefined
      if (!activeId || !current || !recordNext.current) return
      recordNext.current = false
      void client
        .invoke('search.history.add', {
          serverId: activeId,
          owner: current.submitted.owner,
          query: current.submitted.query,
          total,
        })
        .catch(() => undefined)
    },
    [activeId, client],
  )
  useEffect(() => {
    recordNext.current = false
  }, [activeId])
  const onOwner = useCallback((owner: Owner) => update((s) => ({ ...s, owner })), [update])
  const onHistory = useCallback(
    (item: HistoryItem) => {
      if (!catalogue) return
      update((s) => submit({ ...s, owner: item.owner, model: fromQuery(item.query, catalogue) }))
      recordNext.current = true
    },
    [update, catalogue],
  )
  const savedState = useCallback(() => {
    const current = activeId ? sessionStore.get(activeId) : undefined
    return stateFromSession(current ?? newSession())
  }, [activeId])
  const loadState = useCallback(
    (state: SearchState) => {
      if (!catalogue) return
      // Column widths are how this researcher likes the table, not part of a search: they stay.
      update((current) => submit({ ...sessionFromState(state, catalogue), widths: current.widths }))
      recordNext.current = true
    },
    [update, catalogue],
  )

  if (!activeId || !catalogue || !session)
    return (
      <Stack gap="sm" data-testid="screen-search">
        <Title order={1} size="h2" data-testid="screen-title">
          Search
        </Title>
        <Center h={240}>
          {info.error ? (
            <ErrorAlert error={info.error} />
          ) : (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm" c="dimmed" data-testid="search-loading">
                Reading the searchable quantities of {active?.name ?? 'the server'}…
              </Text>
            </Group>
          )}
        </Center>
      </Stack>
    )
  const dirty = isDirty(session)
  // The count belongs to the draft only once the debounce has caught up and the answer is in.
  const countFresh =
    count.current &&
    debounced.owner === session.owner &&
    JSON.stringify(debounced.query) === JSON.stringify(draftQuery)

  return (
    <Stack
      gap="sm"
      // The shell's main area is a column of the window's height: take what the banners leave.
      style={{ flex: 1, minHeight: 0 }}
      data-testid="screen-search"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={1} size="h2" data-testid="screen-title">
            Search
          </Title>
          <Text c="dimmed" size="sm" truncate>
            {active?.name}
          </Text>
          {/* Unreachable: the shell's notice says so; a second sign here would only add noise. */}
          {info.data?.source === 'fallback' && active?.status?.state === 'online' && (
            <CatalogueFallbackBadge note={info.data.note} />
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <OwnerSelect value={session.owner} onChange={onOwner} />
          <HistoryMenu serverId={activeId} catalogue={catalogue} onLoad={onHistory} />
          <SavedMenu serverId={activeId} current={savedState} onLoad={loadState} />
          <CopyAsMenu
            serverId={activeId}
            baseUrl={active?.baseUrl ?? ''}
            owner={session.owner}
            query={draftQuery}
            columns={session.columns}
            orderBy={session.orderBy}
            order={session.order}
            pageSize={session.pageSize}
          />
        </Group>
      </Group>
      {unreadable !== undefined && (
        <RestoreNotice
          serverName={active?.name ?? 'this server'}
          problem={unreadable}
          onRetry={retryRestore}
          onKeepCurrent={keepCurrent}
        />
      )}
      <Group align="stretch" wrap="nowrap" gap="sm" style={{ flex: 1, minHeight: 0 }}>
        {builderOpen && (
          <Paper
            withBorder
            radius="md"
            w={compact ? undefined : 410}
            style={{
              flex: compact ? 1 : 'none',
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
            }}
            data-testid="builder-panel"
          >
            <Group
              p="xs"
              gap="xs"
              justify="space-between"
              wrap="nowrap"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Button
                leftSection={<IconSearch size={16} />}
                variant={dirty ? 'filled' : 'light'}
                onClick={onSubmit}
                style={{ flex: 1 }}
                loading={false}
                data-testid="search-submit"
              >
                {countError
                  ? 'Search'
                  : countFresh && count.total !== undefined
                    ? `Search · ${formatCount(count.total)} results`
                    : 'Search · counting…'}
              </Button>
              <LazyTooltip label={compact ? 'Show the results' : 'Hide the builder'}>
                <ActionIcon
                  ref={hideButton}
                  variant="subtle"
                  onClick={() => openBuilder(false)}
                  aria-label={compact ? 'Show the results' : 'Hide the builder'}
                  data-testid="hide-builder"
                >
                  <IconLayoutSidebarLeftCollapse size={18} />
                </ActionIcon>
              </LazyTooltip>
            </Group>
            <LiveCount
              count={count.total}
              fresh={countFresh}
              error={countError}
              optimade={optimadeError !== undefined}
            />
            <div className={classes.builderScroll} data-testid="builder-scroll">
              <div
                onKeyDown={(e) =>
                  e.key === 'Enter' &&
                  (e.target as HTMLElement).tagName === 'INPUT' &&
                  !e.defaultPrevented &&
                  onSubmit()
                }
              >
                <FacetScopeProvider value={facetScope}>
                  <BuilderPanel
                    serverId={activeId}
                    owner={session.owner}
                    model={session.model}
                    onChange={setModel}
                    catalogue={catalogue}
                    counts={facets.counts}
                    optimadeError={optimadeError}
                  />
                </FacetScopeProvider>
              </div>
            </div>
          </Paper>
        )}
        {!builderOpen && (
          <LazyTooltip label="Show the builder">
            <ActionIcon
              ref={showButton}
              variant="light"
              onClick={() => openBuilder(true)}
              aria-label="Show the builder"
              data-testid="show-builder"
            >
              <IconLayoutSidebarLeftExpand size={18} />
            </ActionIcon>
          </LazyTooltip>
        )}
        {/* Compact: hidden, not unmounted, while the builder has the width (it keeps its page). */}
        <div style={{ display: compact && builderOpen ? 'none' : 'contents' }}>
          <ResultsPanel
            serverId={activeId}
            session={session}
            catalogue={catalogue}
            dirty={dirty}
            liveCount={countFresh ? count.total : undefined}
            onModel={setModel}
            onSession={update}
            onSubmit={onSubmit}
            onFirstPage={onFirstPage}
          />
        </div>
      </Group>
    </Stack>
  )
}

const EMPTY_MODEL: BuilderModel = { kind: 'group', id: 'empty', op: 'and', children: [] }
