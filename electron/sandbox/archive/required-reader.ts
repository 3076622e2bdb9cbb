import { badRequest, unprocessable } from '../http-error'
import { LazyList } from '../server/json'
import {
  isList,
  isNode,
  listAt,
  listLength,
  merge,
  placeAt,
  resolvePath,
  type Node,
  type PathSegment,
} from './nodes'
import { fragmentOf, isReferenceValue, parseReference, type Reference } from './references'
import { childSection, hasProperty } from './schema'

/**
 * Archive `required` as nomad/archive/required.py reads it (facts §4): `"*"`/`"include"`,
 * `"include-resolved"`, dicts mirroring the tree with `name`, `name[i]`, `name[a:b]` keys,
 * references followed when a dict is given for them, targets copied to their original
 * positions (lists padded with null) or, with `resolve-inplace`, put in place of the
 * reference; targets in other entries under `m_ref_archives`. Validation is lazy like the
 * real reader: keys are checked while reading, so an empty result never fails.
 */
export type RequiredSpec = string | { [key: string]: RequiredSpec | boolean }

export interface LoadedArchive {
  /** `../uploads/<upload_id>/archive/<entry_id>` */
  key: string
  uploadId: string
  archive: Node
}

export interface ReadOptions {
  uploadId: string
  entryId: string
  /** Another entry's archive, or null when it does not exist or the caller may not see it. */
  loadEntry(ref: { uploadId: string; entryId?: string; mainfile?: string }): LoadedArchive | null
}

interface Frame {
  key: string | null
  uploadId: string
  archive: Node
  out: Node
  /** Paths whose whole subtree is already in `out`. */
  included: PathSegment[][]
}

const KEY = /^([\s\w-]+)(\[([-?0-9]*)(:([-?0-9]*))?\])?$/

interface ParsedKey {
  name: string
  index?: number
  slice?: [number | undefined, number | undefined]
}

function parseKey(key: string): ParsedKey {
  const match = KEY.exec(key)
  if (!match?.[1]) throw unprocessable([{ msg: 'invalid required key', loc: [key] }])
  const name = match[1]
  if (match[2] === undefined) return { name }
  const num = (text: string | undefined) => {
    if (text === undefined || text === '') return undefined
    if (!/^-?\d+$/.test(text)) throw unprocessable([{ msg: 'invalid required key', loc: [key] }])
    return Number(text)
  }
  if (match[4] === undefined) {
    const index = num(match[3])
    return index === undefined ? { name, slice: [undefined, undefined] } : { name, index }
  }
  return { name, slice: [num(match[3]), num(match[5])] }
}

function selectIndices(length: number, key: ParsedKey): number[] {
  if (length === 0) return []
  if (key.index !== undefined) {
    const i = key.index < 0 ? length + key.index : key.index
    return [Math.min(length - 1, Math.max(0, i))]
  }
  const clamp = (value: number | undefined, fallback: number) => {
    if (value === undefined) return fallback
    const v = value < 0 ? length + value : value
    return Math.min(length, Math.max(0, v))
  }
  const [a, b] = key.slice ?? [undefined, undefined]
  const out: number[] = []
  for (let i = clamp(a, 0); i < clamp(b, length); i++) out.push(i)
  return out
}

/** Eager checks of the request model: the type and the root-only resolve-inplace flag. */
export function checkRequired(required: unknown, loc: (string | number)[]): RequiredSpec {
  if (required === undefined || required === null) return '*'
  if (typeof required === 'string') return required
  if (!isNode(required))
    throw unprocessable([{ loc, msg: 'value is not a valid dict', type: 'type_error.dict' }])
  const inplace = required['resolve-inplace']
  if (inplace !== undefined && typeof inplace !== 'boolean') {
    throw unprocessable([
      { msg: 'resolve-inplace is not a bool', loc: ['required', 'resolve-inplace'] },
    ])
  }
  return required as RequiredSpec
}

export class RequiredReader {
  private readonly main: Frame
  private readonly frames = new Map<string, Frame>()
  private readonly refArchives: Record<string, Node> = {}
  private readonly visiting = new Set<string>()
  private readonly inplace: boolean

  constructor(
    archive: Node,
    private readonly required: RequiredSpec,
    private readonly options: ReadOptions,
  ) {
    this.inplace = typeof required === 'object' && required['resolve-inplace'] === true
    this.main = { key: null, uploadId: options.uploadId, archive, out: {}, included: [] }
  }

  read(): Node {
    const { required, main } = this
    if (typeof required === 'string') {
      const value = this.value(main.archive, required, 'EntryArchive', [], main, '')
      if (isNode(value)) merge(main.out, value)
    } else {
      // Targets of references may already have been placed into `out`; merge around them.
      merge(main.out, this.section(main.archive, required, 'EntryArchive', [], main, true))
    }
    main.out.m_ref_archives = this.refArchives
    return main.out
  }

  private section(
    src: Node,
    req: { [key: string]: RequiredSpec | boolean },
    def: string | null,
    path: PathSegment[],
    frame: Frame,
    root: boolean,
  ): Node {
    const out: Node = {}
    for (const [rawKey, sub] of Object.entries(req)) {
      if (root && rawKey === 'resolve-inplace') continue
      const key = parseKey(rawKey)
      if (!hasProperty(def, key.name)) {
        throw unprocessable([
          { msg: `${def ?? 'Section'} has no property ${key.name}`, loc: [key.name] },
        ])
      }
      const value = src[key.name]
      if (value === undefined || value === null) continue
      if (typeof sub === 'boolean')
        throw unprocessable([{ msg: 'invalid required value', loc: [rawKey] }])
      const child = childSection(def, key.name)
      if (key.index !== undefined || key.slice !== undefined) {
        if (!isList(value)) throw badRequest(`cannot use list key on none list ${key.name}`)
        out[key.name] = selectIndices(listLength(value), key).map((i) =>
          this.value(listAt(value, i), sub, child, [...path, key.name, i], frame, key.name),
        )
      } else {
        out[key.name] = this.value(value, sub, child, [...path, key.name], frame, key.name)
      }
    }
    return out
  }

  private value(
    value: unknown,
    sub: RequiredSpec,
    def: string | null,
    path: PathSegment[],
    frame: Frame,
    key: string,
  ): unknown {
    if (typeof sub === 'string') {
      if (sub === '*' || sub === 'include') {
        frame.included.push(path)
        return value
      }
      if (sub === 'include-resolved') {
        frame.included.push(path)
        return this.resolveAll(value, path, frame, key)
      }
      throw badRequest(`unknown directive ${sub}`)
    }
    if (isList(value)) {
      const out: unknown[] = []
      for (let i = 0; i < listLength(value); i++)
        out.push(this.value(listAt(value, i), sub, def, [...path, i], frame, key))
      return out
    }
    if (typeof value === 'string' && isReferenceValue(key, value))
      return this.follow(value, sub, frame)
    if (isNode(value)) return this.section(value, sub, def, path, frame, false)
    return value
  }

  /** include-resolved: a copy of the subtree with every reference resolved (recursively). */
  private resolveAll(value: unknown, path: PathSegment[], frame: Frame, key: string): unknown {
    if (value instanceof LazyList || Array.isArray(value)) {
      // Lazy lists are materialised here: placing targets must happen before serialisation.
      const out: unknown[] = []
      for (let i = 0; i < listLength(value); i++)
        out.push(this.resolveAll(listAt(value, i), [...path, i], frame, key))
      return out
    }
    if (typeof value === 'string' && isReferenceValue(key, value))
      return this.follow(value, 'include-resolved', frame)
    if (isNode(value)) {
      const out: Node = {}
      for (const [k, v] of Object.entries(value))
        out[k] = this.resolveAll(v, [...path, k], frame, k)
      return out
    }
    return value
  }

  private follow(text: string, sub: RequiredSpec, frame: Frame): unknown {
    const reference = parseReference(text)
    if (reference?.kind === 'remote' && this.inplace) {
      throw badRequest(`Cannot resolve the remote reference ${text} in place.`)
    }
    const target =
      reference && reference.kind !== 'remote' ? this.locate(reference, frame) : undefined
    if (!target) return text
    const guard = `${target.frame.key ?? ''}#${fragmentOf(target.path)}`
    if (this.visiting.has(guard)) return text
    const alreadyThere = this.isIncluded(target.frame, target.path)
    this.visiting.add(guard)
    let resolved: unknown
    try {
      resolved = this.value(target.value, sub, null, target.path, target.frame, '')
    } finally {
      this.visiting.delete(guard)
    }
    if (this.inplace) return resolved
    if (!alreadyThere) placeAt(target.frame.out, target.path, resolved)
    const sameArchive =
      target.frame.key === null || (target.frame === frame && reference?.kind === 'local')
    return sameArchive ? text : `${target.frame.key}#${fragmentOf(target.path)}`
  }

  private isIncluded(frame: Frame, path: PathSegment[]): boolean {
    return frame.included.some(
      (prefix) =>
        prefix.length <= path.length && prefix.every((seg, i) => String(seg) === String(path[i])),
    )
  }

  private locate(reference: Exclude<Reference, { kind: 'remote' }>, frame: Frame) {
    let targetFrame = frame
    if (reference.kind === 'entry') {
      const loaded = this.options.loadEntry({
        uploadId: reference.uploadId ?? frame.uploadId,
        ...(reference.entryId === undefined ? {} : { entryId: reference.entryId }),
        ...(reference.mainfile === undefined ? {} : { mainfile: reference.mainfile }),
      })
      if (!loaded) return undefined
      targetFrame = this.frameFor(loaded)
    }
    const found = resolvePath(targetFrame.archive, reference.path)
    return found ? { frame: targetFrame, path: found.path, value: found.value } : undefined
  }

  private frameFor(loaded: LoadedArchive): Frame {
    if (loaded.key === `../uploads/${this.options.uploadId}/archive/${this.options.entryId}`)
      return this.main
    let frame = this.frames.get(loaded.key)
    if (!frame) {
      const out: Node = { m_def: 'nomad.datamodel.EntryArchive' }
      this.refArchives[loaded.key] = out
      frame = {
        key: loaded.key,
        uploadId: loaded.uploadId,
        archive: loaded.archive,
        out,
        included: [],
      }
      this.frames.set(loaded.key, frame)
    }
    return frame
  }
}
