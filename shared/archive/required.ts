/**
 * The `required` builder's core (facts §4): ticks on places of the archive tree become the
 * `required` object the archive API reads, and a `required` object reads back into ticks.
 * Keys are `name` or `name[i]`, `name[a:b]` for lists (negative indices allowed); leaves are
 * `"*"` (the subtree as stored) or `"include-resolved"` (every reference in it resolved);
 * `resolve-inplace` is a root-only boolean.
 */

/** How a tick takes a list: every item, one item (-1: the last), or a slice. */
export type ListPick =
  | { kind: 'all' }
  | { kind: 'index'; index: number }
  | { kind: 'slice'; start?: number; end?: number }

/** A step of a ticked place: a key, and for a list key which items. */
export interface TickStep {
  key: string
  pick?: ListPick
}

export interface Tick {
  steps: TickStep[]
  /** '*': all below as stored; 'include-resolved': all below with references resolved. */
  directive: '*' | 'include-resolved'
}

export type RequiredValue = '*' | 'include-resolved' | { [key: string]: RequiredValue | boolean }

/** The reader's key syntax (nomad query.py ~L25). */
const KEY = /^([\s\w-]+)(\[(-?[0-9]*)(:(-?[0-9]*))?\])?$/

function keyOf(step: TickStep): string {
  const pick = step.pick
  if (!pick || pick.kind === 'all') return step.key
  if (pick.kind === 'index') return `${step.key}[${pick.index}]`
  return `${step.key}[${pick.start ?? ''}:${pick.end ?? ''}]`
}

/**
 * The `required` object for a set of ticks. A tick below another one's `"*"` adds nothing (the
 * parent already has it all); two ticks meet in the same dict where their keys agree.
 */
export function buildRequired(
  ticks: readonly Tick[],
  options: { resolveInplace?: boolean } = {},
): RequiredValue {
  const root: { [key: string]: RequiredValue | boolean } = {}
  const sorted = [...ticks].sort((a, b) => a.steps.length - b.steps.length)
  for (const tick of sorted) {
    if (tick.steps.length === 0) return tick.directive
    let node = root
    for (let i = 0; i < tick.steps.length; i++) {
      const step = tick.steps[i]
      if (!step) break
      const key = keyOf(step)
      const last = i === tick.steps.length - 1
      const existing = node[key]
      if (typeof existing === 'string') break
      if (last) {
        node[key] = tick.directive
        break
      }
      if (typeof existing !== 'object') node[key] = {}
      node = node[key] as { [key: string]: RequiredValue | boolean }
    }
  }
  if (options.resolveInplace) root['resolve-inplace'] = true
  return root
}

/** A mistake in a `required` typed by hand: where it is, and what is wrong. */
export class RequiredError extends Error {
  constructor(
    message: string,
    readonly location: string[],
  ) {
    super(message)
  }
}

/**
 * Ticks from a `required` object (the JSON pane edited by hand), checked as the server checks:
 * key syntax, known directives, `resolve-inplace` only at the root and only a boolean.
 */
export function readRequired(value: unknown): { ticks: Tick[]; resolveInplace: boolean } {
  const ticks: Tick[] = []
  let resolveInplace = false
  function visit(node: unknown, steps: TickStep[], location: string[]) {
    if (node === '*' || node === 'include') {
      ticks.push({ steps, directive: '*' })
      return
    }
    if (node === 'include-resolved') {
      ticks.push({ steps, directive: 'include-resolved' })
      return
    }
    if (typeof node === 'string') throw new RequiredError(`unknown directive ${node}`, location)
    if (typeof node !== 'object' || node === null || Array.isArray(node))
      throw new RequiredError('expected "*", "include-resolved" or an object of keys', location)
    for (const [key, child] of Object.entries(node)) {
      if (key === 'resolve-inplace') {
        if (steps.length > 0)
          throw new RequiredError('resolve-inplace is allowed at the top level only', [
            ...location,
            key,
          ])
        if (typeof child !== 'boolean')
          throw new RequiredError('resolve-inplace is not a bool', [...location, key])
        resolveInplace = child
        continue
      }
      const match = KEY.exec(key)
      if (!match?.[1]) throw new RequiredError('invalid required key', [...location, key])
      const name = match[1]
      let pick: ListPick | undefined
      if (match[2] !== undefined) {
        const start = match[3] === '' || match[3] === undefined ? undefined : Number(match[3])
        const end = match[5] === '' || match[5] === undefined ? undefined : Number(match[5])
        if ([start, end].some((n) => n !== undefined && !Number.isInteger(n)))
          throw new RequiredError('invalid required key', [...location, key])
        pick =
          match[4] === undefined
            ? { kind: 'index', index: start ?? 0 }
            : start === undefined && end === undefined
              ? { kind: 'all' }
              : { kind: 'slice', start, end }
      }
      visit(child, [...steps, pick ? { key: name, pick } : { key: name }], [...location, key])
    }
  }
  visit(value, [], [])
  return { ticks, resolveInplace }
}
