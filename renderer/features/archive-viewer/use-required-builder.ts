import { useCallback, useMemo, useState } from 'react'
import {
  buildRequired,
  type ListPick,
  type RequiredValue,
  type Tick,
} from '../../../shared/archive/required'
import { rowTickState, toggleTick, type TickRelation } from '../../../shared/archive/required-ticks'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { nodeAt, type TreeNode } from './archive-model'

export interface RequiredBuilder {
  ticks: readonly Tick[]
  resolveInplace: boolean
  /** The `required` object the ticks make. */
  required: RequiredValue
  /** A row's state: ticked, inside a tick (all below), above one, or none. */
  stateOf(path: ArchivePath): TickRelation | undefined
  toggle(path: ArchivePath): void
  setPick(tick: number, step: number, pick: ListPick): void
  setDirective(tick: number, directive: Tick['directive']): void
  remove(tick: number): void
  setResolveInplace(on: boolean): void
  /** Everything at once: the JSON pane read back. */
  replace(ticks: Tick[], resolveInplace: boolean): void
}

/** The required builder's state: ticks on places of the tree, edited from the tree or the panel. */
export function useRequiredBuilder(root: TreeNode | null): RequiredBuilder {
  const [ticks, setTicks] = useState<readonly Tick[]>([])
  const [resolveInplace, setResolveInplace] = useState(false)
  const lengthOf = useCallback(
    (list: readonly (string | number)[]) => {
      const node = root ? nodeAt(root, list as ArchivePath) : undefined
      return node?.t === 'list' ? node.length : undefined
    },
    [root],
  )
  const edit = (index: number, change: (tick: Tick) => Tick) =>
    setTicks((current) => current.map((tick, i) => (i === index ? change(tick) : tick)))
  return useMemo(
    () => ({
      ticks,
      resolveInplace,
      required: buildRequired(ticks, { resolveInplace }),
      stateOf: (path) => rowTickState(ticks, path, lengthOf),
      toggle: (path) => setTicks((current) => toggleTick(current, path, lengthOf)),
      setPick: (index, step, pick) =>
        edit(index, (tick) => ({
          ...tick,
          steps: tick.steps.map((s, i) => (i === step ? { ...s, pick } : s)),
        })),
      setDirective: (index, directive) => edit(index, (tick) => ({ ...tick, directive })),
      remove: (index) => setTicks((current) => current.filter((_, i) => i !== index)),
      setResolveInplace,
      replace: (next, inplace) => {
        setTicks(next)
        setResolveInplace(inplace)
      },
    }),
    [ticks, resolveInplace, lengthOf],
  )
}
