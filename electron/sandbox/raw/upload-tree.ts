import type { EntryMeta, UploadRecord } from '../data/model'
import { fixtureFiles } from './fixture-files'
import { entryFiles, uploadRootFiles, type RawFile } from './layout'
import { showcaseFiles } from './showcase-files'

/**
 * The directory tree of one upload's raw files: folders with recursive sizes, files with the
 * entry whose mainfile they are. Built on demand from the skeleton and cached for a few
 * uploads (a tree of a 1 000-entry upload has ~8 000 files).
 */
export interface DirNode {
  name: string
  /** Path relative to the upload root ('' for the root). */
  path: string
  size: number
  dirs: Map<string, DirNode>
  files: Map<string, RawFile>
}

export type TreeItem = { kind: 'dir'; node: DirNode } | { kind: 'file'; file: RawFile }

function newDir(name: string, path: string): DirNode {
  return { name, path, size: 0, dirs: new Map(), files: new Map() }
}

export class UploadTree {
  readonly root = newDir('', '')
  /** Files whose whole path is their name (fixtures), found by that path exactly. */
  private readonly verbatim = new Map<string, RawFile>()

  constructor(
    upload: UploadRecord,
    metas: readonly EntryMeta[],
    largeFileBytes: number,
    showcase = true,
  ) {
    if (upload.fixture) {
      for (const file of fixtureFiles(upload)) this.add(file)
      return
    }
    for (const file of uploadRootFiles(upload)) this.add(file)
    for (let i = upload.entryStart; i < upload.entryStart + upload.entryCount; i++) {
      const meta = metas[i]
      if (meta) for (const file of entryFiles(meta, largeFileBytes)) this.add(file)
    }
    if (showcase) for (const file of showcaseFiles(upload, metas, largeFileBytes)) this.add(file)
  }

  private add(file: RawFile): void {
    if (file.verbatim) {
      this.root.size += file.size
      this.root.files.set(file.path, file)
      this.verbatim.set(file.path, file)
      return
    }
    const parts = file.path.split('/')
    const name = parts.pop() ?? ''
    let dir = this.root
    dir.size += file.size
    for (const part of parts) {
      let child = dir.dirs.get(part)
      if (!child) {
        child = newDir(part, dir.path ? `${dir.path}/${part}` : part)
        dir.dirs.set(part, child)
      }
      child.size += file.size
      dir = child
    }
    dir.files.set(name, file)
  }

  /** The directory or file at a path ('' or '/' is the root); undefined if there is none. */
  find(path: string): TreeItem | undefined {
    const verbatim = this.verbatim.get(path)
    if (verbatim) return { kind: 'file', file: verbatim }
    const parts = path.split('/').filter((part) => part !== '' && part !== '.')
    if (parts.some((part) => part === '..')) return undefined
    let dir = this.root
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k] ?? ''
      const last = k === parts.length - 1
      const child = dir.dirs.get(part)
      if (child) {
        dir = child
        continue
      }
      const file = last ? dir.files.get(part) : undefined
      return file ? { kind: 'file', file } : undefined
    }
    return { kind: 'dir', node: dir }
  }

  /** Direct children sorted by name, folders and files mixed (as the real listing). */
  children(dir: DirNode): TreeItem[] {
    const items: [string, TreeItem][] = [
      ...[...dir.dirs.values()].map((node): [string, TreeItem] => [
        node.name,
        { kind: 'dir', node },
      ]),
      ...[...dir.files.entries()].map(([name, file]): [string, TreeItem] => [
        name,
        { kind: 'file', file },
      ]),
    ]
    items.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return items.map(([, item]) => item)
  }

  /** Every file below a directory, depth first in name order. */
  *walk(dir: DirNode): Generator<RawFile> {
    for (const item of this.children(dir)) {
      if (item.kind === 'file') yield item.file
      else yield* this.walk(item.node)
    }
  }
}

/** A small LRU of trees per upload index. */
export class UploadTrees {
  private readonly cache = new Map<number, UploadTree>()

  constructor(
    private readonly uploads: readonly UploadRecord[],
    private readonly metas: readonly EntryMeta[],
    private readonly largeFileBytes: number,
    private readonly showcase = true,
    private readonly capacity = 16,
  ) {}

  get(uploadIndex: number): UploadTree | undefined {
    const cached = this.cache.get(uploadIndex)
    if (cached) {
      this.cache.delete(uploadIndex)
      this.cache.set(uploadIndex, cached)
      return cached
    }
    const upload = this.uploads[uploadIndex]
    if (!upload) return undefined
    const tree = new UploadTree(upload, this.metas, this.largeFileBytes, this.showcase)
    this.cache.set(uploadIndex, tree)
    if (this.cache.size > this.capacity) {
      const oldest = this.cache.keys().next().value
      if (oldest !== undefined) this.cache.delete(oldest)
    }
    return tree
  }
}
