import type { FileItem } from '../../../../shared/ipc/channels/raw-files'

/** Multi-select over a paged list: paths selected, and the row a Shift range starts from. */
export interface SelectionState {
  selected: Set<string>
  anchor: number
  active: number
}

export const emptySelection = (): SelectionState => ({ selected: new Set(), anchor: 0, active: 0 })

/** Selects by click or key: only this row, toggle it, or the range from the anchor (loaded rows). */
export function select(
  state: SelectionState,
  index: number,
  mode: 'only' | 'toggle' | 'range',
  rowAt: (index: number) => FileItem | undefined,
): SelectionState {
  const item = rowAt(index)
  if (mode === 'range') {
    const selected = new Set<string>()
    const [from, to] = state.anchor <= index ? [state.anchor, index] : [index, state.anchor]
    for (let i = from; i <= to; i++) {
      const row = rowAt(i)
      if (row) selected.add(row.path)
    }
    return { ...state, selected, active: index }
  }
  if (!item) return { ...state, active: index }
  if (mode === 'toggle') {
    const selected = new Set(state.selected)
    if (selected.has(item.path)) selected.delete(item.path)
    else selected.add(item.path)
    return { selected, anchor: index, active: index }
  }
  return { selected: new Set([item.path]), anchor: index, active: index }
}
