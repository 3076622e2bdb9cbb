/**
 * Immutable edits of the builder model. Every function returns a new model and leaves the input
 * untouched, so React state and undo stay simple.
 */
import { newId } from './ids'
import type { BuilderModel, BuilderNode, Criterion, Group, GroupOp } from './types'

export function emptyModel(): BuilderModel {
  return { kind: 'group', id: newId('g'), op: 'and', children: [] }
}

function mapNodes(group: Group, fn: (node: BuilderNode) => BuilderNode | null): Group {
  const children: BuilderNode[] = []
  for (const child of group.children) {
    const mapped = fn(child)
    if (mapped === null) continue
    children.push(mapped.kind === 'group' ? mapNodes(mapped, fn) : mapped)
  }
  return { ...group, children }
}

/** Replaces the node with `id` by `update(node)` (null removes it). */
export function updateNode(
  model: BuilderModel,
  id: string,
  update: (node: BuilderNode) => BuilderNode | null,
): BuilderModel {
  return mapNodes(model, (node) => (node.id === id ? update(node) : node)) as BuilderModel
}

export function removeNode(model: BuilderModel, id: string): BuilderModel {
  return updateNode(model, id, () => null)
}

/** Appends `node` to the group with `groupId` (the root when it is the root's id). */
export function addChild(model: BuilderModel, groupId: string, node: BuilderNode): BuilderModel {
  if (model.id === groupId) return { ...model, children: [...model.children, node] }
  return updateNode(model, groupId, (g) =>
    g.kind === 'group' ? { ...g, children: [...g.children, node] } : g,
  )
}

export function newGroup(op: GroupOp): Group {
  return { kind: 'group', id: newId('g'), op, children: [] }
}

export function setGroupOp(model: BuilderModel, groupId: string, op: GroupOp): BuilderModel {
  return updateNode(model, groupId, (g) => (g.kind === 'group' ? { ...g, op } : g))
}

/** Finds a node anywhere in the tree. */
export function findNode(group: Group, id: string): BuilderNode | undefined {
  for (const child of group.children) {
    if (child.id === id) return child
    if (child.kind === 'group') {
      const found = findNode(child, id)
      if (found) return found
    }
  }
  return undefined
}

/**
 * The root-level criterion the section inputs edit (the periodic table, "Program" terms …).
 * Criteria inside OR/NOT groups belong to those groups and are edited there.
 */
export function rootCriterion<K extends Criterion['kind']>(
  model: BuilderModel,
  kind: K,
  quantity?: string,
): Extract<Criterion, { kind: K }> | undefined {
  return model.children.find(
    (n): n is Extract<Criterion, { kind: K }> =>
      n.kind === kind && (quantity === undefined || ('quantity' in n && n.quantity === quantity)),
  )
}

/**
 * Sets the root-level criterion of a kind (and quantity): replaces it in place, appends it when
 * new, removes it when `next` is null.
 */
export function setRootCriterion<K extends Criterion['kind']>(
  model: BuilderModel,
  kind: K,
  quantity: string | undefined,
  next: Extract<Criterion, { kind: K }> | null,
): BuilderModel {
  const current = rootCriterion(model, kind, quantity)
  if (current) {
    const children = model.children.flatMap((c) => (c === current ? (next ? [next] : []) : [c]))
    return { ...model, children }
  }
  return next ? { ...model, children: [...model.children, next] } : model
}

/** Criteria of the whole tree, depth first (for chips, unit hints and validation). */
export function allCriteria(group: Group): Criterion[] {
  return group.children.flatMap((c) => (c.kind === 'group' ? allCriteria(c) : [c]))
}

/** Display units in use, to keep them when the model is rebuilt from JSON. */
export function unitHints(model: BuilderModel): Record<string, string> {
  const hints: Record<string, string> = {}
  for (const c of allCriteria(model)) if (c.kind === 'range' && c.unit) hints[c.quantity] = c.unit
  return hints
}

/** The model without ids, for comparisons in tests and change detection. */
export function withoutIds(node: BuilderNode): unknown {
  const { id: _id, ...rest } = node
  if (rest.kind === 'group') return { ...rest, children: rest.children.map(withoutIds) }
  return rest
}
