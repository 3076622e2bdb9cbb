import {
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Collapse,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'
import { IconChevronDown, IconChevronRight, IconLock } from '@tabler/icons-react'
import { useState } from 'react'
import {
  FORBIDDEN_PAT_SCOPES,
  KNOWN_SCOPES,
  SCOPE_GROUPS,
  SCOPE_PATTERN,
} from '../../../shared/ipc/channels/tokens'
import {
  COMMON_RESOURCES,
  RESOURCE_LABELS,
  SCOPE_HINTS,
  TOKENS_SCOPE_REASON,
} from './scope-catalogue'

type Resource = keyof typeof SCOPE_GROUPS
const RESOURCES = Object.keys(SCOPE_GROUPS) as Resource[]
const OTHER_RESOURCES = RESOURCES.filter(
  (r) => !(COMMON_RESOURCES as readonly string[]).includes(r),
)
const mono = { fontFamily: 'var(--mantine-font-family-monospace)' }

/** Checks a typed scope name: resource:action, not tokens:*, not already chosen. */
export function checkCustomScope(value: string, chosen: readonly string[]): string | null {
  const scope = value.trim()
  if (!SCOPE_PATTERN.test(scope))
    return 'Write a scope as resource:action in lower case, e.g. uploads:read.'
  if (FORBIDDEN_PAT_SCOPES.includes(scope)) return TOKENS_SCOPE_REASON
  if (chosen.includes(scope)) return `${scope} is already chosen.`
  return null
}

function ResourceGroup({
  resource,
  value,
  onToggle,
}: {
  resource: Resource
  value: readonly string[]
  onToggle: (scope: string, on: boolean) => void
}) {
  const forbidden = resource === 'tokens'
  return (
    <Stack gap={6} data-testid={`scope-group-${resource}`}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {RESOURCE_LABELS[resource]}
        </Text>
        {forbidden && (
          <LazyTooltip label={TOKENS_SCOPE_REASON} multiline maw={280} withArrow>
            <IconLock size={14} color="var(--mantine-color-dimmed)" />
          </LazyTooltip>
        )}
      </Group>
      {SCOPE_GROUPS[resource].map((action) => {
        const scope = `${resource}:${action}`
        return (
          <Checkbox
            key={scope}
            size="xs"
            disabled={forbidden}
            checked={value.includes(scope)}
            onChange={(e) => onToggle(scope, e.currentTarget.checked)}
            label={
              <Text size="sm" span style={mono}>
                {scope}
              </Text>
            }
            description={forbidden ? TOKENS_SCOPE_REASON : SCOPE_HINTS[scope]}
            data-testid={`scope-${scope}`}
          />
        )
      })}
    </Stack>
  )
}

/**
 * Scopes by resource with plain-language hints; the common resources first, the rest folded
 * under "More scopes"; tokens:* visible but locked with the reason; free entry for names this
 * app does not know (newer servers).
 */
export function ScopePicker({
  value,
  onChange,
  error,
  note,
}: {
  value: string[]
  onChange: (scopes: string[]) => void
  error?: string | null
  /** Shown under the label: why the preselection is what it is. */
  note?: string
}) {
  const [moreOpen, setMoreOpen] = useState(() =>
    value.some((scope) => OTHER_RESOURCES.some((r) => scope.startsWith(`${r}:`))),
  )
  const [custom, setCustom] = useState('')
  const [customError, setCustomError] = useState<string | null>(null)
  const toggle = (scope: string, on: boolean) =>
    onChange(on ? [...value, scope] : value.filter((s) => s !== scope))
  const extra = value.filter((scope) => !KNOWN_SCOPES.includes(scope))
  const addCustom = () => {
    const problem = checkCustomScope(custom, value)
    setCustomError(problem)
    if (problem) return
    onChange([...value, custom.trim()])
    setCustom('')
  }

  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Scopes <span style={{ color: 'var(--mantine-color-error)' }}>*</span>
        </Text>
        <Text size="xs" c="dimmed" data-testid="scope-count">
          {value.length} chosen
        </Text>
      </Group>
      {note && (
        <Text size="xs" c="dimmed" mt={-4}>
          {note}
        </Text>
      )}
      <Paper
        withBorder
        radius="md"
        p={0}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <ScrollArea.Autosize mah={230} type="auto" offsetScrollbars>
          <Stack gap="md" p="sm">
            {COMMON_RESOURCES.map((resource) => (
              <ResourceGroup key={resource} resource={resource} value={value} onToggle={toggle} />
            ))}
            <UnstyledButton onClick={() => setMoreOpen((open) => !open)} data-testid="scope-more">
              <Group gap={4}>
                {moreOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                <Text size="sm" fw={600} c="indigo">
                  More scopes ({OTHER_RESOURCES.length} resources)
                </Text>
              </Group>
            </UnstyledButton>
            <Collapse in={moreOpen}>
              <Stack gap="md">
                {OTHER_RESOURCES.map((resource) => (
                  <ResourceGroup
                    key={resource}
                    resource={resource}
                    value={value}
                    onToggle={toggle}
                  />
                ))}
              </Stack>
            </Collapse>
          </Stack>
        </ScrollArea.Autosize>
      </Paper>
      {error && (
        <Text size="xs" c="red" data-testid="scope-error">
          {error}
        </Text>
      )}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          placeholder="Another scope, e.g. uploads:process"
          value={custom}
          onChange={(e) => {
            setCustom(e.currentTarget.value)
            setCustomError(null)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              addCustom()
            }
          }}
          error={customError}
          styles={{ input: mono }}
          style={{ flex: 1 }}
          aria-label="Add another scope"
          data-testid="scope-custom-input"
        />
        <Button size="xs" variant="default" onClick={addCustom} data-testid="scope-custom-add">
          Add
        </Button>
      </Group>
      {extra.length > 0 && (
        <Group gap={4}>
          {extra.map((scope) => (
            <Badge
              key={scope}
              variant="light"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  onClick={() => toggle(scope, false)}
                  aria-label={`Remove ${scope}`}
                />
              }
              styles={{ label: mono }}
            >
              {scope}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  )
}
