import { buildArchive } from '../data/archive'
import { recordedArchive } from '../data/recorded-uploads'
import type { Node } from './nodes'
import { ownerFilter, type Viewer } from '../search/access'
import type { DataStore } from '../state/data-store'
import { RequiredReader, type LoadedArchive, type RequiredSpec } from './required-reader'

/**
 * Archives of entries: generated on demand (or the recorded real ones), read with `required`, references into other
 * entries followed only when the caller may see them (owner `visible`).
 */
export interface ArchiveData {
  entry_id: string
  upload_id: string
  parser_name: string
  archive: Node
}

export class ArchiveService {
  constructor(private readonly store: DataStore) {}

  /** The full generated archive of an entry (lazy lists inside). */
  archiveOf(index: number): Node {
    const meta = this.store.metas[index]
    const doc = this.store.docs[index]
    const upload = meta ? this.store.uploads[meta.uploadIndex] : undefined
    if (!meta || !doc || !upload) throw new Error(`no entry ${index}`)
    if (meta.recorded !== undefined) return recordedArchive(meta)
    const input = meta.inputEntry === undefined ? undefined : this.store.docs[meta.inputEntry]
    return buildArchive({
      meta,
      doc,
      upload,
      datasetIds: upload.datasetIndices.flatMap((i) => this.store.datasets[i]?.dataset_id ?? []),
      ...(input
        ? {
            inputReference: `../uploads/${upload.upload_id}/archive/${input.entry_id}#/run/0/system/-1`,
          }
        : {}),
    })
  }

  /** Finds an entry of an upload by id or mainfile if the viewer may see it. */
  private loader(viewer: Viewer) {
    const visible = ownerFilter('visible', viewer)
    return (ref: {
      uploadId: string
      entryId?: string
      mainfile?: string
    }): LoadedArchive | null => {
      const uploadIndex = this.store.uploadIndexOf(ref.uploadId)
      const upload = uploadIndex === undefined ? undefined : this.store.uploads[uploadIndex]
      if (!upload || !visible(upload)) return null
      let index: number | undefined
      if (ref.entryId !== undefined) index = this.store.entryIndexOf(ref.entryId)
      else {
        for (let i = upload.entryStart; i < upload.entryStart + upload.entryCount; i++) {
          if (this.store.docs[i]?.mainfile === ref.mainfile) index = i
        }
      }
      if (index === undefined || this.store.metas[index]?.uploadIndex !== upload.index) return null
      const entryId = this.store.entryId(index)
      return {
        key: `../uploads/${upload.upload_id}/archive/${entryId}`,
        uploadId: upload.upload_id,
        archive: this.archiveOf(index),
      }
    }
  }

  read(index: number, required: RequiredSpec, viewer: Viewer): ArchiveData {
    const doc = this.store.docs[index]
    if (!doc) throw new Error(`no entry ${index}`)
    const reader = new RequiredReader(this.archiveOf(index), required, {
      uploadId: doc.upload_id,
      entryId: doc.entry_id,
      loadEntry: this.loader(viewer),
    })
    return {
      entry_id: doc.entry_id,
      upload_id: doc.upload_id,
      parser_name: doc.parser_name,
      archive: reader.read(),
    }
  }
}
