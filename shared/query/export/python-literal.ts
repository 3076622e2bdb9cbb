/**
 * JSON → Python source. JSON is almost Python; the differences are true/false/null and string
 * escapes, so values are printed here rather than pasted as JSON text.
 */
import type { JsonValue } from '../../api/json'

/** A Python string literal in single quotes with the escapes Python reads back exactly. */
export function pythonString(text: string): string {
  let out = "'"
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0
    if (ch === '\\') out += '\\\\'
    else if (ch === "'") out += "\\'"
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`
    // Lone surrogates cannot be written to a UTF-8 source file.
    else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${code.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return `${out}'`
}

function pythonNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`JSON has no ${value}`)
  return String(value)
}

/**
 * Pretty-prints a JSON value as a Python literal: short containers on one line, longer ones one
 * item per line with four-space indents, like black would.
 */
export function pythonLiteral(value: JsonValue, indent = 0, width = 88): string {
  const flat = flatLiteral(value)
  if (flat.length + indent <= width || typeof value !== 'object' || value === null) return flat
  const pad = ' '.repeat(indent + 4)
  const close = ' '.repeat(indent)
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const items = value.map((v) => `${pad}${pythonLiteral(v, indent + 4, width)},`)
    return `[\n${items.join('\n')}\n${close}]`
  }
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  const items = entries.map(
    ([k, v]) => `${pad}${pythonString(k)}: ${pythonLiteral(v, indent + 4, width)},`,
  )
  return `{\n${items.join('\n')}\n${close}}`
}

function flatLiteral(value: JsonValue): string {
  if (value === null) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return pythonNumber(value)
  if (typeof value === 'string') return pythonString(value)
  if (Array.isArray(value)) return `[${value.map(flatLiteral).join(', ')}]`
  return `{${Object.entries(value)
    .map(([k, v]) => `${pythonString(k)}: ${flatLiteral(v)}`)
    .join(', ')}}`
}
