import type { Bound, LowerOp, UpperOp } from '../model'
import { BoundField, parseNumber, parseText } from './bound-field'

interface Ends<V> {
  lower: Bound<LowerOp, V> | null
  upper: Bound<UpperOp, V> | null
}

/** How one kind of range shows, reads and names its two ends. */
interface RangeKind<V> {
  type: 'text' | 'date'
  parse: (text: string) => string | null | undefined
  show: (value: V) => string
  read: (text: string) => V
  /** Label word, placeholder (also the test id's word) of the lower and the upper end. */
  ends: [{ word: string; placeholder: string }, { word: string; placeholder: string }]
}

export const NUMBER_RANGE: RangeKind<number> = {
  type: 'text',
  parse: parseNumber,
  show: String,
  read: Number,
  ends: [
    { word: 'lower bound', placeholder: 'min' },
    { word: 'upper bound', placeholder: 'max' },
  ],
}

export const DATE_RANGE: RangeKind<string> = {
  type: 'date',
  parse: parseText,
  show: (value) => value,
  read: (text) => text,
  ends: [
    { word: 'from', placeholder: 'from' },
    { word: 'until', placeholder: 'until' },
  ],
}

/**
 * Both ends of a numeric or date range, so every range editor reads and writes its bounds the
 * same way. A cleared end reports null; `onChange` gets only the end that changed.
 */
export function BoundPair<V>({
  kind,
  bounds,
  name,
  testId,
  onChange,
}: {
  kind: RangeKind<V>
  bounds: Ends<V>
  /** Prefixed to each end's aria-label, e.g. the quantity's label. */
  name?: string
  testId: (placeholder: string) => string
  onChange: (patch: Pick<Ends<V>, 'lower'> | Pick<Ends<V>, 'upper'>) => void
}) {
  const [lower, upper] = kind.ends
  const label = (word: string) => (name === undefined ? word : `${name} ${word}`)
  return (
    <>
      <BoundField
        type={kind.type}
        label={label(lower.word)}
        op={bounds.lower?.op ?? 'gte'}
        value={bounds.lower ? kind.show(bounds.lower.value) : ''}
        placeholder={lower.placeholder}
        parse={kind.parse}
        testId={testId(lower.placeholder)}
        onChange={(op, v) =>
          onChange({ lower: v === null ? null : { op: op as LowerOp, value: kind.read(v) } })
        }
      />
      <BoundField
        type={kind.type}
        label={label(upper.word)}
        op={bounds.upper?.op ?? 'lte'}
        value={bounds.upper ? kind.show(bounds.upper.value) : ''}
        placeholder={upper.placeholder}
        parse={kind.parse}
        testId={testId(upper.placeholder)}
        onChange={(op, v) =>
          onChange({ upper: v === null ? null : { op: op as UpperOp, value: kind.read(v) } })
        }
      />
    </>
  )
}
