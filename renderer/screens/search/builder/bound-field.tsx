import { ActionIcon, TextInput } from '@mantine/core'
import { LazyTooltip } from '../../../components/lazy-tooltip'
import { useState } from 'react'

const SYMBOL = { gt: '>', gte: '≥', lt: '<', lte: '≤' } as const
const WORD = {
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
} as const

export type BoundOp = keyof typeof SYMBOL

/**
 * One end of a range: an operator button (> ⇄ ≥, < ⇄ ≤) and the value as typed. The value is
 * reported only when it parses, so half-typed numbers ("1e-") never reach the query.
 */
export function BoundField({
  op,
  value,
  placeholder,
  type = 'text',
  parse,
  onChange,
  testId,
  label,
}: {
  op: BoundOp
  value: string
  placeholder: string
  type?: 'text' | 'date'
  /** The value to report (null: no bound), or undefined when the text is not acceptable. */
  parse: (text: string) => string | null | undefined
  onChange: (op: BoundOp, value: string | null) => void
  testId: string
  label: string
}) {
  const [text, setText] = useState(value)
  const [invalid, setInvalid] = useState(false)
  // The model keeps no operator for an empty bound: switched before a value is typed, it is
  // kept here until the value arrives (else the switch would do nothing).
  const [shownOp, setShownOp] = useState(op)
  // Follow the model when it changes elsewhere (JSON view, restored search).
  const [synced, setSynced] = useState({ value, op })
  if (synced.value !== value || synced.op !== op) {
    setSynced({ value, op })
    setText(value)
    setInvalid(false)
    if (value !== '') setShownOp(op)
  }
  const other: BoundOp =
    shownOp === 'gt' ? 'gte' : shownOp === 'gte' ? 'gt' : shownOp === 'lt' ? 'lte' : 'lt'
  const commit = (next: string, nextOp: BoundOp) => {
    const parsed = parse(next)
    setInvalid(parsed === undefined)
    setShownOp(nextOp)
    if (parsed !== undefined) onChange(nextOp, parsed)
  }
  return (
    <TextInput
      size="xs"
      // A date-time from JSON does not fit a date picker: show it as text instead of blank.
      type={type === 'date' && text !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(text) ? 'text' : type}
      aria-label={label}
      placeholder={placeholder}
      value={text}
      error={invalid ? 'Not a number' : undefined}
      onChange={(e) => {
        setText(e.currentTarget.value)
        commit(e.currentTarget.value, shownOp)
      }}
      leftSection={
        <LazyTooltip label={`${WORD[shownOp]} (click for ${WORD[other]})`}>
          <ActionIcon
            size="sm"
            variant="subtle"
            onClick={() => commit(text, other)}
            aria-label={`Operator: ${WORD[shownOp]}`}
            data-testid={`${testId}-op`}
          >
            {SYMBOL[shownOp]}
          </ActionIcon>
        </LazyTooltip>
      }
      data-testid={testId}
      style={{ flex: 1 }}
    />
  )
}

export function parseNumber(text: string): string | null | undefined {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return null
  const value = Number(trimmed)
  return Number.isFinite(value) ? trimmed : undefined
}

export function parseText(text: string): string | null | undefined {
  return text.trim() === '' ? null : text.trim()
}
