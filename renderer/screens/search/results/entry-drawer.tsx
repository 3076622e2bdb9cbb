import { KeptBadge } from '../../../features/offline/kept-badge'
import {
  Anchor,
  Badge,
  Button,
  CopyButton,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { LazyTooltip } from '../../../components/lazy-tooltip'
import { IconCopy, IconFileDescription, IconFolder, IconUsers } from '@tabler/icons-react'
import { memo, type ReactNode, useState } from 'react'
import { ErrorAlert } from '../../../components/error-alert'
import { useInvoke } from '../../../ipc/hooks'
import { formatDateTime, formatNumber } from '../model/format'
import { preferredUnit, storedToDisplay } from '../model/units'
import { entryAction, ENTRY_HOOKS } from '../../../features/entry-actions/entry-actions'
import { CollaboratorsModal } from '../../../features/upload-collaborators/collaborators-modal'
import { formulaGroups, titleFormula } from './formula-conventions'

type Json = unknown

function get(obj: Json, path: string): Json {
  let node = obj
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined
    node = (node as Record<string, Json>)[key]
  }
  return node
}

const str = (v: Json): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const names = (v: Json): string[] =>
  Array.isArray(v) ? v.map((x) => str(get(x, 'name')) ?? '').filter((x) => x !== '') : []

function Field({
  label,
  children,
  testId,
}: {
  label: string
  children: ReactNode
  testId?: string
}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>
        {children ?? <Text c="dimmed">—</Text>}
      </div>
    </Stack>
  )
}

/** Each distinct formula once, named by the conventions that give it (hover: what they mean). */
function FormulaList({ material }: { material: Json }) {
  const groups = formulaGroups(material)
  if (groups.length === 0) return undefined
  return (
    <Stack gap={2}>
      {groups.map((group) => (
        <Group key={group.value} gap={6} wrap="nowrap" align="baseline">
          <Text size="sm" fw={500} data-testid="drawer-formula-value">
            {group.value}
          </Text>
          <Text size="xs" c="dimmed" data-testid="drawer-formula-conventions">
            {group.conventions.map((c, i) => (
              <LazyTooltip key={c.key} label={c.meaning} multiline w={280} openDelay={300}>
                <span style={{ cursor: 'help' }} tabIndex={0}>
                  {c.label}
                  {i < group.conventions.length - 1 ? ', ' : ''}
                </span>
              </LazyTooltip>
            ))}
          </Text>
        </Group>
      ))}
    </Stack>
  )
}

/** Copies an identifier and says so on the button for a moment. */
function CopyIdButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCopy size={14} />}
          onClick={copy}
          data-testid={testId}
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  )
}

/** The key metadata of one entry and what can be done with it. */
export const EntryDrawer = memo(function EntryDrawer({
  serverId,
  entryId,
  closeOnEscape = true,
  onClose,
}: {
  serverId: string
  entryId: string | null
  /** False while a viewer opened from the drawer is on top: Escape closes that one first. */
  closeOnEscape?: boolean
  onClose: () => void
}) {
  const detail = useInvoke(
    'search.entry',
    { serverId, entryId: entryId ?? '' },
    { enabled: entryId !== null },
  )
  const entry = detail.data?.entry
  const gap = get(entry, 'results.properties.electronic.band_gap')
  const gaps = Array.isArray(gap)
    ? gap
        .map((g) => get(g, 'value'))
        .filter((v): v is number => typeof v === 'number')
        .map((v) => `${formatNumber(storedToDisplay(v, preferredUnit('J')))} eV`)
    : []
  const datasets = Array.isArray(get(entry, 'datasets')) ? (get(entry, 'datasets') as Json[]) : []
  const published = get(entry, 'published') === true
  const embargo = get(entry, 'with_embargo') === true
  const uploadId = str(get(entry, 'upload_id'))
  const shownId = str(get(entry, 'entry_id')) ?? entryId ?? ''
  const uploadName = str(get(entry, 'upload_name'))
  const material = get(entry, 'results.material')
  const formula = titleFormula(material)
  const title = formula?.value ?? str(get(entry, 'entry_name')) ?? 'Entry'
  const [collaborators, setCollaborators] = useState(false)

  return (
    <Drawer
      opened={entryId !== null}
      onClose={onClose}
      closeOnEscape={closeOnEscape && !collaborators}
      position="right"
      size={480}
      title={
        <Group gap={8} align="baseline" wrap="nowrap">
          <Text fw={650} data-testid="drawer-title">
            {title}
          </Text>
          {formula && (
            <Text size="xs" c="dimmed" data-testid="drawer-title-convention">
              {formula.label.toLowerCase()} formula
            </Text>
          )}
          {detail.data?.offline && <KeptBadge note={detail.data.offline} />}
        </Group>
      }
      data-testid="entry-drawer"
    >
      {detail.isLoading && <Loader size="sm" />}
      {detail.error && <ErrorAlert error={detail.error} />}
      {entry && (
        <Stack gap="md">
          <Group gap="xs">
            {ENTRY_HOOKS.map((hook) => {
              const action = entryAction(hook.id)
              // The file browser starts at the upload; an entry without one has nothing to show.
              const missing =
                hook.id === 'open-upload-files' && uploadId === undefined
                  ? 'The server did not say which upload this entry belongs to.'
                  : undefined
              const reason = action ? missing : hook.pending
              const button = (
                <Button
                  key={hook.id}
                  size="xs"
                  variant="light"
                  disabled={reason !== undefined}
                  leftSection={
                    hook.id === 'open-archive' ? (
                      <IconFileDescription size={14} />
                    ) : (
                      <IconFolder size={14} />
                    )
                  }
                  onClick={() =>
                    action?.run({
                      serverId,
                      entryId: shownId,
                      uploadId,
                      mainfile: str(get(entry, 'mainfile')),
                      title,
                      ...(uploadName === undefined ? {} : { uploadName }),
                    })
                  }
                  data-testid={`entry-${hook.id}`}
                >
                  {hook.label}
                </Button>
              )
              return reason === undefined ? (
                button
              ) : (
                <LazyTooltip key={hook.id} label={reason} multiline w={260}>
                  <span>{button}</span>
                </LazyTooltip>
              )
            })}
            <CopyIdButton value={shownId} label="Copy entry ID" testId="copy-entry-id" />
            {uploadId && <CopyIdButton value={uploadId} label="Copy upload ID" />}
          </Group>
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            <Field label="Formulas" testId="drawer-formula">
              <FormulaList material={material} />
            </Field>
            <Field label="Elements" testId="drawer-elements">
              {Array.isArray(get(entry, 'results.material.elements'))
                ? (get(entry, 'results.material.elements') as string[]).join(', ')
                : undefined}
            </Field>
            <Field label="Program" testId="drawer-program">
              {str(get(entry, 'results.method.simulation.program_name')) &&
                `${str(get(entry, 'results.method.simulation.program_name')) ?? ''} ${str(get(entry, 'results.method.simulation.program_version')) ?? ''}`.trim()}
            </Field>
            <Field label="Method">
              {[
                str(get(entry, 'results.method.method_name')),
                str(get(entry, 'results.method.simulation.dft.xc_functional_type')),
              ]
                .filter(Boolean)
                .join(' · ') || undefined}
            </Field>
            <Field label="Crystal system">
              {str(get(entry, 'results.material.symmetry.crystal_system'))}
            </Field>
            <Field label="Band gap">{gaps.length > 0 ? gaps.join(', ') : undefined}</Field>
            <Field label="Authors">{names(get(entry, 'authors')).join(', ') || undefined}</Field>
            <Field label="Visibility" testId="drawer-visibility">
              <Group gap={4}>
                <Badge size="sm" variant="light" color={published ? 'green' : 'yellow'}>
                  {published ? 'Published' : 'Unpublished'}
                </Badge>
                {embargo && (
                  <Badge size="sm" variant="light" color="orange">
                    Embargo
                  </Badge>
                )}
              </Group>
            </Field>
            <Field label="Upload">
              {uploadName ?? uploadId}
              {uploadId && (
                <Text size="xs" c="dimmed" ff="monospace">
                  {uploadId}
                </Text>
              )}
              {uploadId && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  mt={4}
                  leftSection={<IconUsers size={12} />}
                  onClick={() => setCollaborators(true)}
                  data-testid="entry-upload-collaborators"
                >
                  Collaborators
                </Button>
              )}
            </Field>
            <Field label="Entry ID">
              <Text size="sm" ff="monospace">
                {shownId}
              </Text>
            </Field>
            <Field label="Uploaded">
              {str(get(entry, 'upload_create_time')) &&
                formatDateTime(String(get(entry, 'upload_create_time')))}
            </Field>
            <Field label="Published on">
              {str(get(entry, 'publish_time')) &&
                formatDateTime(String(get(entry, 'publish_time')))}
            </Field>
          </SimpleGrid>
          <Field label="Main file">
            <Text size="sm" ff="monospace">
              {str(get(entry, 'mainfile'))}
            </Text>
          </Field>
          <Field label="Datasets">
            {datasets.length > 0 ? (
              <Stack gap={4}>
                {datasets.map((d, i) => {
                  const doi = str(get(d, 'doi'))
                  return (
                    <Text size="sm" key={i}>
                      {str(get(d, 'dataset_name')) ?? str(get(d, 'dataset_id'))}
                      {doi && (
                        <>
                          {' · '}
                          <Anchor href={`https://doi.org/${doi}`} target="_blank" size="sm">
                            {doi}
                          </Anchor>
                        </>
                      )}
                    </Text>
                  )
                })}
              </Stack>
            ) : undefined}
          </Field>
        </Stack>
      )}
      {collaborators && uploadId && (
        <CollaboratorsModal
          serverId={serverId}
          uploadId={uploadId}
          uploadName={uploadName}
          onClose={() => setCollaborators(false)}
        />
      )}
    </Drawer>
  )
})
