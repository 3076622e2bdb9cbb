/**
 * Python's repr() of strings, lists and sets, because several real `detail` texts are f-strings
 * over Python collections: `Missing scopes: ['uploads:write']`, `Invalid scopes: {'foo:bar'}`.
 */
export function pyStr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'"
  let body = ''
  for (const char of value) {
    if (char === '\\') body += '\\\\'
    else if (char === quote) body += `\\${quote}`
    else if (char === '\n') body += '\\n'
    else if (char === '\r') body += '\\r'
    else if (char === '\t') body += '\\t'
    else body += char
  }
  return `${quote}${body}${quote}`
}

export function pyList(values: readonly string[]): string {
  return `[${values.map(pyStr).join(', ')}]`
}

/** Python prints set members in hash order; sorting keeps our texts deterministic. */
export function pySet(values: Iterable<string>): string {
  const sorted = [...new Set(values)].sort()
  return sorted.length === 0 ? 'set()' : `{${sorted.map(pyStr).join(', ')}}`
}
