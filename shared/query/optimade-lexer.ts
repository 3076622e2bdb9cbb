/** Tokens of the OPTIMADE filter subset; positions are 0-based character offsets. */

export class OptimadeParseError extends Error {
  constructor(
    message: string,
    readonly position: number | null,
  ) {
    super(position === null ? message : `${message} at position ${position}`)
    this.name = 'OptimadeParseError'
  }
}

export const KEYWORDS = ['AND', 'OR', 'NOT', 'HAS', 'ALL', 'ANY', 'ONLY', 'LENGTH'] as const
export type Keyword = (typeof KEYWORDS)[number]
export const COMPARATORS = ['=', '!=', '<', '<=', '>', '>='] as const
export type Comparator = (typeof COMPARATORS)[number]

export type Token =
  | { kind: 'keyword'; value: Keyword; pos: number }
  | { kind: 'identifier'; value: string; pos: number }
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'number'; value: number; text: string; pos: number }
  | { kind: 'comparator'; value: Comparator; pos: number }
  | { kind: 'punct'; value: '(' | ')' | ','; pos: number }
  | { kind: 'end'; pos: number }

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/
const WORD = /^[A-Za-z_][A-Za-z0-9_]*/
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

/** Splits a filter into tokens. Keywords are case-sensitive (upper case), as the spec demands. */
export function tokenize(filter: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < filter.length) {
    const ch = filter.charAt(i)
    if (/\s/.test(ch)) {
      i++
      continue
    }
    const rest = filter.slice(i)
    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: 'punct', value: ch, pos: i })
      i++
    } else if (ch === '"') {
      const [value, end] = readString(filter, i)
      tokens.push({ kind: 'string', value, pos: i })
      i = end
    } else if (/^(?:!=|<=|>=|[=<>])/.test(rest)) {
      const op = (
        rest.startsWith('!=') || rest.startsWith('<=') || rest.startsWith('>=')
          ? rest.slice(0, 2)
          : ch
      ) as Comparator
      tokens.push({ kind: 'comparator', value: op, pos: i })
      i += op.length
    } else if (NUMBER.test(rest)) {
      const text = (NUMBER.exec(rest) ?? [''])[0]
      tokens.push({ kind: 'number', value: Number(text), text, pos: i })
      i += text.length
    } else if (WORD.test(rest)) {
      const word = (WORD.exec(rest) ?? [''])[0]
      if ((KEYWORDS as readonly string[]).includes(word))
        tokens.push({ kind: 'keyword', value: word as Keyword, pos: i })
      else if (IDENTIFIER.test(word)) tokens.push({ kind: 'identifier', value: word, pos: i })
      else
        throw new OptimadeParseError(
          `unexpected '${word}' (keywords are upper case, property names lower case)`,
          i,
        )
      i += word.length
    } else throw new OptimadeParseError(`unexpected character '${ch}'`, i)
  }
  tokens.push({ kind: 'end', pos: filter.length })
  return tokens
}

function readString(filter: string, start: number): [string, number] {
  let value = ''
  let i = start + 1
  while (i < filter.length) {
    const ch = filter.charAt(i)
    if (ch === '\\' && i + 1 < filter.length) {
      value += filter.charAt(i + 1)
      i += 2
    } else if (ch === '"') return [value, i + 1]
    else {
      value += ch
      i++
    }
  }
  throw new OptimadeParseError('unterminated string starting', start)
}

export function describe(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'the end of the filter'
    case 'string':
      return `"${token.value}"`
    case 'number':
      return token.text
    case 'comparator':
    case 'identifier':
    case 'keyword':
    case 'punct':
      return `'${token.value}'`
  }
}
