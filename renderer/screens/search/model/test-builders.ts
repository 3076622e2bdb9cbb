/** Short constructors for tests and for the builder's "add" menus. */
import { newId } from './ids'
import type {
  AuthorCriterion,
  BuilderModel,
  BuilderNode,
  DateCriterion,
  ElementsCriterion,
  GenericCriterion,
  Group,
  GroupOp,
  RangeCriterion,
  TermsCriterion,
} from './types'

export const root = (...children: BuilderNode[]): BuilderModel => ({
  kind: 'group',
  id: newId('g'),
  op: 'and',
  children,
})

export const groupOf = (op: GroupOp, ...children: BuilderNode[]): Group => ({
  kind: 'group',
  id: newId('g'),
  op,
  children,
})

export const elements = (
  include: string[],
  exclude: string[] = [],
  only = false,
): ElementsCriterion => ({ kind: 'elements', id: newId('c'), include, exclude, only })

export const terms = (
  quantity: string,
  values: TermsCriterion['values'],
  op: TermsCriterion['op'] = 'any',
): TermsCriterion => ({ kind: 'terms', id: newId('c'), quantity, op, values })

export const range = (
  quantity: string,
  unit: string | null,
  lower: RangeCriterion['lower'],
  upper: RangeCriterion['upper'] = null,
): RangeCriterion => ({ kind: 'range', id: newId('c'), quantity, unit, lower, upper })

export const dates = (
  quantity: string,
  lower: DateCriterion['lower'],
  upper: DateCriterion['upper'] = null,
): DateCriterion => ({ kind: 'date', id: newId('c'), quantity, lower, upper })

export const author = (names: string[], op: AuthorCriterion['op'] = 'any'): AuthorCriterion => ({
  kind: 'author',
  id: newId('c'),
  quantity: 'authors.name',
  op,
  names,
})

export const generic = (
  quantity: string,
  op: GenericCriterion['op'],
  values: GenericCriterion['values'] = [],
  lower: GenericCriterion['lower'] = null,
  upper: GenericCriterion['upper'] = null,
): GenericCriterion => ({ kind: 'generic', id: newId('c'), quantity, op, values, lower, upper })
