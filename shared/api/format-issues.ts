import type { z } from 'zod'

// Turns zod issues into plain sentences about the server's answer ("data[3].entry_id should be
// a string but is a number"). Zod's own messages name types but not places, and union failures
// are a tree of alternatives nobody can read; users and bug reports need one line each.

type Issue = z.core.$ZodIssue

/** Where in a body a problem is: object keys and array indices, outermost first. */
export type WirePath = (string | number)[]

export interface WireProblem {
  path: WirePath
  /** One sentence without a final period, starting with the path. */
  text: string
}

const MAX_PROBLEM_LENGTH = 240
const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/

/**
 * Renders a path as `a.b[3].c`. Keys that are not plain names (aggregation names, quantity names
 * with dots) are bracketed and quoted so the path stays unambiguous: `aggregations["x.y:z"]`.
 */
export function formatWirePath(path: readonly (string | number)[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (PLAIN_KEY.test(key)) out += out === '' ? key : `.${key}`
    else out += `[${JSON.stringify(key)}]`
  }
  return out
}

const KIND_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  undefined: 'missing',
}

/** "a string", "a list", "null", … for what was found in the body. */
export function describeKind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  // bigint, function and symbol cannot come from JSON.parse; named anyway so nothing is hidden.
  return KIND_NAMES[typeof value] ?? `a ${typeof value}`
}

const EXPECTED_NOUNS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'a boolean',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  null: 'null',
}

function expectedNoun(expected: string): string {
  return EXPECTED_NOUNS[expected] ?? expected
}

/** A short rendering of a found value: primitives as JSON (strings cut), containers by kind. */
function preview(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value)
  }
  return describeKind(value)
}

function joinAlternatives(nouns: string[]): string {
  if (nouns.length <= 1) return nouns.join('')
  return `${nouns.slice(0, -1).join(', ')} or ${nouns[nouns.length - 1] ?? ''}`
}

function toWirePath(path: readonly PropertyKey[]): WirePath {
  return path.map((key) => (typeof key === 'number' ? key : String(key)))
}

function bound(issue: { minimum: number | bigint } | { maximum: number | bigint }): string {
  return String('minimum' in issue ? issue.minimum : issue.maximum)
}

/** The predicate of the sentence, e.g. "should be a string but is a number" or "is missing". */
function problemText(issue: Issue): string {
  const input = issue.input
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return 'is missing'
      if (issue.expected === 'int' && typeof input === 'number') {
        return `should be a whole number but is ${input}`
      }
      return `should be ${expectedNoun(issue.expected)} but is ${describeKind(input)}`
    case 'invalid_value': {
      const allowed = issue.values.map(preview)
      const wanted = allowed.length === 1 ? allowed.join('') : `one of ${allowed.join(', ')}`
      return `should be ${wanted} but is ${preview(input)}`
    }
    case 'invalid_format':
      // Schemas in shared/api phrase custom format messages as "should be …".
      if (issue.message.startsWith('should ')) return `${issue.message} but is ${preview(input)}`
      return `should be a valid ${issue.format} but is ${preview(input)}`
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small'
      if (issue.origin === 'string' && small && Number(issue.minimum) === 1) {
        return 'should not be empty'
      }
      if (issue.origin === 'string' || issue.origin === 'array') {
        const unit = issue.origin === 'string' ? 'characters' : 'items'
        return `should have at ${small ? 'least' : 'most'} ${bound(issue)} ${unit}`
      }
      const relation = small
        ? issue.inclusive === false
          ? 'greater than'
          : 'at least'
        : issue.inclusive === false
          ? 'less than'
          : 'at most'
      return `should be ${relation} ${bound(issue)} but is ${preview(input)}`
    }
    case 'custom':
      if (issue.message.startsWith('should ')) {
        return input === undefined ? 'is missing' : `${issue.message} but is ${describeKind(input)}`
      }
      return `is invalid: ${issue.message}`
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'unrecognized_keys':
      return `is invalid: ${issue.message}`
  }
}

/**
 * When every alternative of a union failed with a single type mismatch at the same place, the
 * honest summary is "should be A or B but is C"; returns that, or undefined.
 */
function mergeTypeAlternatives(
  branches: readonly Issue[][],
): { path: PropertyKey[]; text: string } | undefined {
  const firsts: Issue[] = []
  for (const branch of branches) {
    const [only, ...rest] = branch
    if (only === undefined || rest.length > 0 || only.code !== 'invalid_type') return undefined
    firsts.push(only)
  }
  const [first] = firsts
  if (first === undefined) return undefined
  const key = JSON.stringify(toWirePath(first.path))
  if (firsts.some((issue) => JSON.stringify(toWirePath(issue.path)) !== key)) return undefined
  if (first.input === undefined) return { path: first.path, text: 'is missing' }
  const nouns = [
    ...new Set(
      firsts.map((issue) => (issue.code === 'invalid_type' ? expectedNoun(issue.expected) : '')),
    ),
  ]
  return {
    path: first.path,
    text: `should be ${joinAlternatives(nouns)} but is ${describeKind(first.input)}`,
  }
}

/**
 * The alternative that got furthest into the value: its deepest issue is the deepest of all,
 * ties going to the one with fewer issues. For a directory listing with one bad size, that is
 * the directory form's complaint about the size, not the file form's "file_metadata is missing".
 */
function closestBranch(branches: readonly Issue[][]): Issue[] {
  let best: Issue[] = []
  let bestDepth = -1
  for (const branch of branches) {
    const depth = Math.max(...branch.map((issue) => issue.path.length))
    if (depth > bestDepth || (depth === bestDepth && branch.length < best.length)) {
      best = branch
      bestDepth = depth
    }
  }
  return best
}

function clip(text: string): string {
  return text.length > MAX_PROBLEM_LENGTH ? `${text.slice(0, MAX_PROBLEM_LENGTH - 1)}…` : text
}

function sentence(path: readonly PropertyKey[], predicate: string): WireProblem {
  const wirePath = toWirePath(path)
  const subject = wirePath.length === 0 ? 'the answer' : formatWirePath(wirePath)
  return { path: wirePath, text: clip(`${subject} ${predicate}`) }
}

/** Flattens zod issues (resolving unions to their closest alternative) into plain sentences. */
export function describeIssues(
  issues: readonly Issue[],
  prefix: readonly PropertyKey[] = [],
): WireProblem[] {
  const problems: WireProblem[] = []
  for (const issue of issues) {
    const path = [...prefix, ...issue.path]
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const merged = mergeTypeAlternatives(issue.errors)
      if (merged) problems.push(sentence([...path, ...merged.path], merged.text))
      else problems.push(...describeIssues(closestBranch(issue.errors), path))
    } else {
      problems.push(sentence(path, problemText(issue)))
    }
  }
  return problems
}
