import { buildEntryDoc, entryReferences, entryTime } from '../data/entry-doc'
import type { DocResolver } from '../data/stored-doc'
import { uploadPart, type UploadPart } from '../data/upload-part'
import { fixtureUploads, type FixtureOptions } from '../data/fixture-uploads'
import { bigArchiveData } from '../data/big-archive'
import { elnEntries } from '../data/eln-entries'
import { longTrajectoryData } from '../data/long-trajectory'
import { generateData } from '../data/generate'
import {
  recordedData,
  recordedDoc,
  recordedEntryReferences,
  recordedEntryTime,
  recordedFilesOf,
} from '../data/recorded-uploads'
import { recordedEntries } from '../data/recorded-archives'
import { CAST } from '../data/users'
import { entryIdFor } from '../data/ids'
import type { DatasetRecord, EntryDoc, EntryMeta, UploadRecord } from '../data/model'
import { PROGRAMS } from '../data/programs'
import { isRevisedEntry, revisedComment, reviseUploads } from '../data/revision'
import { entryFilePaths } from '../raw/layout'

/**
 * The generated data set in memory: uploads, entry skeletons and entry search documents, with
 * id indexes. Entries of one upload are contiguous. Mutations (membership edits) go through
 * `updateMembers` so the entry documents stay consistent with their upload.
 */

export interface DataStoreOptions {
  entries: number
  uploads?: number
  seed: number
  largeFileBytes: number
  nameOf: (userId: string) => string
  /** Test fixture uploads, appended after the generated ones (none by default). */
  fixtures?: FixtureOptions
  /** Serve the data's second revision (data/revision.ts): for tests of syncing offline copies. */
  revised?: boolean
}

/** Entry ids per background slice: ~2 ms on a 2-core test machine. */
const ID_SLICE = 1_000

export type MemberPatch = Partial<
  Pick<UploadRecord, 'coauthors' | 'reviewers' | 'coauthor_groups' | 'reviewer_groups'>
>

/** What the upload write routes change: members, name, publication, embargo, process, deletion. */
export type UploadPatch = MemberPatch &
  Partial<
    Pick<
      UploadRecord,
      | 'upload_name'
      | 'published'
      | 'publishMs'
      | 'with_embargo'
      | 'embargo_length'
      | 'process'
      | 'deleted'
    >
  >

export class DataStore {
  readonly uploads: UploadRecord[]
  readonly metas: EntryMeta[]
  readonly datasets: DatasetRecord[]
  readonly docs: EntryDoc[]
  /**
   * entry_id by entry index, each derived on first use (entryId). Most are read only when a
   * search first orders by something (the order index reads every id for its tie-breaks) or an
   * entry is looked up by id; a page reads its own.
   */
  private readonly ids: (string | undefined)[]
  readonly largeFileBytes: number
  /** Whether the first upload carries the file-browser showcase (FixtureOptions.showcase). */
  readonly showcase: boolean
  readonly seed: number
  /** Entry index by entry_id, built on the first lookup: searches do not need it. */
  private entryIndex: Map<string, number> | undefined
  private readonly uploadIndex = new Map<string, number>()
  private readonly datasetIndex = new Map<string, number>()
  private readonly parts: UploadPart[]
  private readonly nameOf: (userId: string) => string
  /** Bumped on every mutation so that caches of search results can be invalidated. */
  private revision = 0

  constructor(options: DataStoreOptions) {
    const generated = generateData(options)
    this.seed = options.seed
    const fixtures = fixtureUploads(
      options.fixtures ?? {},
      generated.uploads.length,
      generated.metas.length,
    )
    // Fixture entries follow the generated ones: recorded archives, ELN entries, big archive,
    // long trajectory.
    const extra = { uploads: [...fixtures], metas: [] as EntryMeta[] }
    const append = (make: (firstUpload: number, firstEntry: number) => typeof extra) => {
      const part = make(
        generated.uploads.length + extra.uploads.length,
        generated.metas.length + extra.metas.length,
      )
      extra.uploads.push(...part.uploads)
      extra.metas.push(...part.metas)
    }
    const lena = CAST.lena.user_id
    const fixtureOptions = options.fixtures ?? {}
    if (fixtureOptions.recordedArchives)
      append((u, e) => recordedData(recordedEntries(), u, e, lena))
    if (fixtureOptions.elnEntries)
      append((u, e) =>
        recordedData(elnEntries(options.seed, fixtureOptions.elnEntries ?? 0), u, e, lena),
      )
    if (fixtureOptions.bigArchiveBytes)
      append((u, e) => bigArchiveData(fixtureOptions.bigArchiveBytes ?? 0, u, e))
    if (fixtureOptions.longTrajectorySteps)
      append((u, e) => longTrajectoryData(fixtureOptions.longTrajectorySteps ?? 0, u, e))
    this.uploads = [...generated.uploads, ...extra.uploads]
    if (options.revised === true) reviseUploads(this.uploads)
    this.metas = [...generated.metas, ...extra.metas]
    this.datasets = generated.datasets
    this.largeFileBytes = options.largeFileBytes
    this.showcase = options.fixtures?.showcase ?? true
    this.nameOf = options.nameOf
    this.parts = this.uploads.map((u) => uploadPart(u, this.datasets, this.nameOf))
    this.uploads.forEach((u, i) => this.uploadIndex.set(u.upload_id, i))
    this.datasets.forEach((d, i) => this.datasetIndex.set(d.dataset_id, i))
    // Packed, not holey: `new Array(100_000)` would start as a slow dictionary of elements.
    this.ids = Array.from({ length: this.metas.length }, () => undefined)
    const resolver = this.resolver()
    this.docs = this.metas.map((meta, i) => {
      const upload = this.uploads[meta.uploadIndex]
      const part = this.parts[meta.uploadIndex]
      if (!upload || !part) throw new Error('entry without upload')
      if (meta.recorded !== undefined) return recordedDoc(meta, part, resolver)
      const doc = buildEntryDoc(meta, part, resolver)
      if (options.revised === true && isRevisedEntry(i)) doc.comment = revisedComment(doc.comment)
      return doc
    })
  }

  private resolver(): DocResolver {
    return {
      entryId: (index) => this.entryId(index),
      mainfile: (index) => this.mainfile(index),
      entryTime: (index, which) => {
        const meta = this.metas[index]
        const upload = meta && this.uploads[meta.uploadIndex]
        const part = meta && this.parts[meta.uploadIndex]
        if (!meta || !upload || !part) return ''
        return meta.recorded === undefined
          ? entryTime(meta, upload, which)
          : recordedEntryTime(meta, part, which)
      },
      files: (index) => {
        const meta = this.metas[index]
        if (meta?.recorded !== undefined) return recordedFilesOf(meta)
        return meta ? entryFilePaths(meta, this.largeFileBytes) : []
      },
      entryReferences: (index) => {
        const meta = this.metas[index]
        if (meta?.recorded !== undefined) return recordedEntryReferences(meta)
        const input = meta?.inputEntry
        const target = input === undefined ? undefined : this.docs[input]
        const upload = this.uploadOfEntry(index)
        return target && upload ? entryReferences(upload.upload_id, target) : undefined
      },
    }
  }

  /** The entry's entry_id, exactly as the real server derives it (data/ids.ts). */
  entryId(index: number): string {
    const known = this.ids[index]
    if (known !== undefined) return known
    const meta = this.metas[index]
    if (!meta) return ''
    const upload = this.uploads[meta.uploadIndex]
    const id =
      meta.recorded?.entry_id ?? (upload ? entryIdFor(upload.upload_id, this.mainfile(index)) : '')
    this.ids[index] = id
    return id
  }

  /**
   * The entry's mainfile: its folder and its program's mainfile name. Built on each read and not
   * kept: pages read a hundred, and only the entry id derives from every one.
   */
  mainfile(index: number): string {
    const meta = this.metas[index]
    if (!meta) return ''
    if (meta.recorded !== undefined) return meta.recorded.mainfile
    return `${meta.dir}/${PROGRAMS[meta.programIndex]?.mainfile ?? ''}`
  }

  /**
   * Derives the ids not derived yet, a slice of ~2 ms at a time with requests served between
   * the slices, so that the first search after the start rarely waits for them (~0.2 s at
   * 100 000 entries). A second thread did not pay on two cores: the main thread's garbage
   * collection lost its helper and the documents took as much longer. Returns a stop function.
   */
  deriveIdsInBackground(): () => void {
    let next = 0
    let timer: NodeJS.Immediate | undefined
    const slice = () => {
      const end = Math.min(next + ID_SLICE, this.ids.length)
      for (; next < end; next++) this.entryId(next)
      timer = next < this.ids.length ? setImmediate(slice) : undefined
    }
    timer = setImmediate(slice)
    return () => {
      if (timer) clearImmediate(timer)
    }
  }

  /** The entry ids of entries start..end-1, in order. */
  entryIdsOf(start: number, end: number): string[] {
    const ids: string[] = []
    for (let i = start; i < end; i++) ids.push(this.entryId(i))
    return ids
  }

  get size(): number {
    return this.docs.length
  }

  get version(): number {
    return this.revision
  }

  entryIndexOf(entryId: string): number | undefined {
    this.entryIndex ??= new Map(this.docs.map((_, index) => [this.entryId(index), index]))
    return this.entryIndex.get(entryId)
  }

  /** The index of an upload that exists (a deleted one does not). */
  uploadIndexOf(uploadId: string): number | undefined {
    const index = this.uploadIndex.get(uploadId)
    return index === undefined || this.uploads[index]?.deleted === true ? undefined : index
  }

  datasetIndexOf(datasetId: string): number | undefined {
    return this.datasetIndex.get(datasetId)
  }

  uploadOfEntry(index: number): UploadRecord | undefined {
    const meta = this.metas[index]
    return meta ? this.uploads[meta.uploadIndex] : undefined
  }

  /** Changes an upload's record (members, name, publication…) and refreshes its entries' documents. */
  updateUpload(uploadIndex: number, patch: UploadPatch): void {
    const upload = this.uploads[uploadIndex]
    if (!upload) return
    Object.assign(upload, patch)
    const part = uploadPart(upload, this.datasets, this.nameOf)
    this.parts[uploadIndex] = part
    for (let i = upload.entryStart; i < upload.entryStart + upload.entryCount; i++) {
      const doc = this.docs[i]
      doc?.applyUploadPart(part)
    }
    this.revision++
  }
}
