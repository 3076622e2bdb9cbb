import type { Readable } from 'node:stream'
import type { DataStore } from '../state/data-store'
import { zipStream, type ZipItem } from '../zip/zip-stream'
import { openRawFile } from './content'
import { fileFilter, type FileFilterOptions } from './file-filter'
import { fileName, type RawFile } from './layout'
import { UploadTrees, type DirNode, type UploadTree } from './upload-tree'

/**
 * Raw files of entries and uploads: the files of an entry's folder, listings, and zips in the
 * real server's layouts (entries: `<upload_id>/<folder>/<file>` plus manifest.json; folders of
 * an upload: paths relative to the folder).
 */
export interface EntryRawDir {
  entry_id: string
  upload_id: string
  mainfile: string
  files: { path: string; size: number }[]
}

export class RawService {
  readonly trees: UploadTrees

  constructor(private readonly store: DataStore) {
    this.trees = new UploadTrees(store.uploads, store.metas, store.largeFileBytes, store.showcase)
  }

  tree(uploadIndex: number): UploadTree | undefined {
    return this.trees.get(uploadIndex)
  }

  /** Files directly in the entry's mainfile folder, sorted by name. */
  entryFolderFiles(index: number): RawFile[] {
    const meta = this.store.metas[index]
    const tree = meta ? this.tree(meta.uploadIndex) : undefined
    const found = meta && tree ? tree.find(meta.dir) : undefined
    if (!found || found.kind !== 'dir') return []
    return [...found.node.files.values()].sort((a, b) => (a.path < b.path ? -1 : 1))
  }

  entryRawDir(index: number): EntryRawDir {
    const doc = this.store.docs[index]
    return {
      entry_id: doc?.entry_id ?? '',
      upload_id: doc?.upload_id ?? '',
      mainfile: doc?.mainfile ?? '',
      files: this.entryFolderFiles(index).map((f) => ({ path: f.path, size: f.size })),
    }
  }

  /** The zip of the folders of many entries, manifest.json last (entries in upload order). */
  entriesZip(indices: Iterable<number>, filter: FileFilterOptions, compress: boolean): Readable {
    const accept = fileFilter(filter)
    const store = this.store
    const folderFiles = (index: number) => this.entryFolderFiles(index)
    function* items(): Generator<ZipItem> {
      const manifest: { entry_id: string; upload_id: string; mainfile: string }[] = []
      const written = new Set<string>()
      for (const index of indices) {
        const doc = store.docs[index]
        if (!doc) continue
        const files = folderFiles(index)
        let listed = files.length === 0
        for (const file of files) {
          if (!accept(file.path)) continue
          listed = true
          const zipPath = `${doc.upload_id}/${file.path}`
          if (written.has(zipPath)) continue
          written.add(zipPath)
          yield { path: zipPath, size: file.size, open: () => openRawFile(file) }
        }
        if (listed)
          manifest.push({
            entry_id: doc.entry_id,
            upload_id: doc.upload_id,
            mainfile: `${doc.upload_id}/${doc.mainfile}`,
          })
      }
      yield { path: 'manifest.json', buffer: Buffer.from(JSON.stringify(manifest)) }
    }
    return zipStream(items(), { compress, mtime: new Date(Date.UTC(2024, 0, 1)) })
  }

  /** A folder of an upload, recursively, with paths relative to it. */
  folderZip(
    tree: UploadTree,
    dir: DirNode,
    filter: FileFilterOptions,
    options: { compress: boolean; mtime: Date; onSize?: (bytes: number) => void; window?: number },
  ): Readable {
    const accept = fileFilter(filter)
    const prefix = dir.path ? `${dir.path}/` : ''
    function* items(): Generator<ZipItem> {
      for (const file of tree.walk(dir)) {
        if (!accept(file.path)) continue
        yield {
          path: file.path.slice(prefix.length),
          size: file.size,
          open: () => openRawFile(file),
          ...(file.verbatim ? { verbatim: true } : {}),
        }
      }
    }
    return zipStream(items(), options)
  }

  /** Zip of a single file (a file path with compress=true). */
  fileZip(file: RawFile, compress: boolean): Readable {
    const item = { path: fileName(file), size: file.size, open: () => openRawFile(file) }
    return zipStream([file.verbatim ? { ...item, verbatim: true } : item], {
      compress,
      mtime: new Date(Date.UTC(2024, 0, 1)),
    })
  }
}

const services = new WeakMap<DataStore, RawService>()

export function rawService(store: DataStore): RawService {
  let service = services.get(store)
  if (!service) {
    service = new RawService(store)
    services.set(store, service)
  }
  return service
}
