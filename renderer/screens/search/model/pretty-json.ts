/**
 * JSON for people: like JSON.stringify(value, null, 2), but arrays and objects that fit on one
 * line stay on one line (["Ti", "O"] rather than four lines). Logical groups always break, so
 * the structure of and/or/not stays visible.
 */
export function prettyJson(value: unknown, width = 44): string {
  // The top level always gets one line per condition: that is how people read a query.
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>)
    if (entries.length === 0) return '{}'
    return `{\n${entries
      .map(([k, v]) => `  ${JSON.stringify(k)}: ${print(v, 2, width)}`)
      .join(',\n')}\n}`
  }
  return print(value, 0, width)
}

function flat(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(flat).join(', ')}]`
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${JSON.stringify(k)}: ${flat(v)}`)
    .join(', ')}}`
}

function isLogical(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    ('and' in value || 'or' in value || 'not' in value)
  )
}

function print(value: unknown, indent: number, width: number): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  const oneLine = flat(value)
  if (oneLine.length + indent <= width && !isLogical(value)) return oneLine
  const pad = ' '.repeat(indent + 2)
  const close = ' '.repeat(indent)
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((v) => pad + print(v, indent + 2, width)).join(',\n')}\n${close}]`
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return '{}'
  return `{\n${entries
    .map(([k, v]) => `${pad}${JSON.stringify(k)}: ${print(v, indent + 2, width)}`)
    .join(',\n')}\n${close}}`
}
