/**
 * Ticks and the archive tree (the required builder's UI side of shared/archive/required.ts):
 * the tick a row's path makes, whether a row is ticked, inside a tick or above one, how a
 * tick's list picks read, and which ticks name keys the loaded archive does not have.
 */
import type { ArchiveShape } from './references'
import type { ListPick, Tick, TickStep } from './required'

type Path = readonly (string | number)[]

/**
 * The tick for a row: `['run', 0, 'calculation', 2, 'energy']` → run[0] › calculation[2] ›
 * energy; a list's own row (`['run', 0, 'system']`) takes every item. `undefined` for a place a
 * `required` cannot name (an index not after a key: lists of lists).
 */
export function tickAt(path: Path, directive: Tick['directive'] = '*'): Tick | undefined {
  const steps: TickStep[] = []
  for (const segment of path) {
    const last = steps[steps.length - 1]
    if (typeof segment === 'number') {
      if (!last || last.pick) return undefined
      last.pick = { kind: 'index', index: segment }
    } else steps.push({ key: segment })
  }
  return steps.length === 0 ? undefined : { steps, directive }
}

/** How a row relates to a tick: the ticked place itself, a place inside it, or above it. */
export type TickRelation = 'ticked' | 'inside' | 'above'

/** Whether index `i` of a list of `length` items is one a pick takes (negative from the end). */
export function pickTakes(pick: ListPick | undefined, i: number, length: number | undefined) {
  if (!pick || pick.kind === 'all') return true
  const at = (n: number) => (n < 0 ? (length === undefined ? undefined : length + n) : n)
  if (pick.kind === 'index') return at(pick.index) === i
  const start = pick.start === undefined ? 0 : at(pick.start)
  const end = pick.end === undefined ? length : at(pick.end)
  if (start === undefined) return false
  return i >= start && (end === undefined || i < end)
}

/** `lengthOf(listPath)`: a list's length where loaded (negative picks need it). */
export function relation(
  tick: Tick,
  path: Path,
  lengthOf: (list: Path) => number | undefined,
): TickRelation | undefined {
  let p = 0
  let pinned = true
  for (const step of tick.steps) {
    if (p === path.length) return 'above'
    if (path[p] !== step.key) return undefined
    p++
    const index = path[p]
    if (typeof index === 'number') {
      if (!pickTakes(step.pick, index, lengthOf(path.slice(0, p)))) return undefined
      pinned = step.pick?.kind === 'index'
      p++
    } else if (step.pick?.kind === 'index' || step.pick?.kind === 'slice') {
      // The list's own row, and the tick takes some of its items.
      return p === path.length ? 'above' : undefined
    } else pinned = true
  }
  return p === path.length && pinned ? 'ticked' : 'inside'
}

/** The strongest relation of any tick to a row ('ticked' over 'inside' over 'above'). */
export function rowTickState(
  ticks: readonly Tick[],
  path: Path,
  lengthOf: (list: Path) => number | undefined,
): TickRelation | undefined {
  let best: TickRelation | undefined
  for (const tick of ticks) {
    const r = relation(tick, path, lengthOf)
    if (r === 'ticked') return r
    if (r === 'inside' || (r === 'above' && best === undefined)) best = r
  }
  return best
}

/**
 * Ticking a row: its tick is removed when it is there, else added with the ticks below it
 * dropped (the new one takes all below). A row inside another tick is left as it is.
 */
export function toggleTick(
  ticks: readonly Tick[],
  path: Path,
  lengthOf: (list: Path) => number | undefined,
): Tick[] {
  const own = ticks.findIndex((t) => relation(t, path, lengthOf) === 'ticked')
  if (own >= 0) return ticks.filter((_, i) => i !== own)
  if (ticks.some((t) => relation(t, path, lengthOf) === 'inside')) return [...ticks]
  const tick = tickAt(path)
  if (!tick) return [...ticks]
  return [...ticks.filter((t) => relation(t, path, lengthOf) !== 'above'), tick]
}

/** `run[0]`, `calculation[-1]`, `system[0:2]`, `system[-2:]`: a step as the required names it. */
export function stepLabel(step: TickStep): string {
  const pick = step.pick
  if (!pick || pick.kind === 'all') return step.key
  if (pick.kind === 'index') return `${step.key}[${pick.index}]`
  return `${step.key}[${pick.start ?? ''}:${pick.end ?? ''}]`
}

/** A mistake in a tick against the loaded archive: the required's keys down to it, and what. */
export interface TickProblem {
  location: string[]
  message: string
}

/**
 * Keys the archive does not have, and list picks on places that are not lists, checked against
 * what is loaded (a place not loaded yet is not judged: the size preview asks the server).
 */
export function checkTicks(ticks: readonly Tick[], shape: ArchiveShape): TickProblem[] {
  const problems: TickProblem[] = []
  for (const tick of ticks) {
    const at: (string | number)[] = []
    const location: string[] = []
    for (const step of tick.steps) {
      const here = shape.at(at)
      location.push(stepLabel(step))
      if (here.t === 'unknown') break
      if (here.t !== 'object' || !here.keys.includes(step.key)) {
        const where = location.length > 1 ? location.slice(0, -1).join(' › ') : 'The archive'
        problems.push({ location: [...location], message: `${where} has no key “${step.key}”` })
        break
      }
      at.push(step.key)
      const child = shape.at(at)
      if (step.pick && step.pick.kind !== 'all' && child.t !== 'list' && child.t !== 'unknown') {
        problems.push({
          location: [...location],
          message: `${step.key} is not a list, so it takes no [index] or [start:end]`,
        })
        break
      }
      if (child.t === 'list') {
        // Sections of a list share their keys: check on against the first item the pick takes.
        let item: number | undefined
        for (let i = 0; i < child.length && item === undefined; i++)
          if (pickTakes(step.pick, i, child.length) && shape.at([...at, i]).t !== 'unknown')
            item = i
        if (item === undefined) break
        at.push(item)
      }
    }
  }
  return problems
}
