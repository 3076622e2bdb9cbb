import { Textarea } from '@mantine/core'
import { useState } from 'react'
import type { ArchiveShape } from '../../../shared/archive/references'
import { readRequiredJson } from './required-json'
import type { RequiredBuilder } from './use-required-builder'

const pretty = (value: unknown) => JSON.stringify(value, null, 2)

/** The same `required` whatever the order of its keys. */
function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
}

/**
 * The builder's `required` as JSON, editable: valid JSON moves the ticks in the tree; a mistake
 * (JSON syntax, a key the server would refuse, a key the loaded archive does not have) is named
 * with its line, and the ticks stay as they were until it is fixed.
 */
export function RequiredJsonEditor({
  builder,
  shape,
}: {
  builder: RequiredBuilder
  shape: ArchiveShape | undefined
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const read = draft === null ? undefined : readRequiredJson(draft, shape)
  // The researcher's text while it is wrong or still says what the ticks say; else the ticks'.
  const showDraft =
    draft !== null &&
    read !== undefined &&
    (!read.ok || canonical(JSON.parse(draft)) === canonical(builder.required))
  const text = showDraft ? draft : pretty(builder.required)
  const error =
    read && !read.ok ? `${read.line ? `Line ${read.line}: ` : ''}${read.message}` : undefined
  return (
    <Textarea
      label="required (JSON)"
      description="Edit it here or tick in the tree: each follows the other."
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value
        setDraft(next)
        const result = readRequiredJson(next, shape)
        if (result.ok) builder.replace(result.ticks, result.resolveInplace)
      }}
      onBlur={() => {
        if (read?.ok) setDraft(null)
      }}
      error={error}
      autosize
      minRows={3}
      maxRows={12}
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      data-testid="required-json"
    />
  )
}
