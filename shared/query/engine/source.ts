/**
 * What the query engine needs from a store of documents. The sandbox's in-memory DataStore is
 * one implementation, the offline library's on-disk store another: the engine only numbers the
 * documents 0..size-1, reads them by number, and rebuilds its caches when `version` changes.
 */

/** A sub-object many documents share by identity (interned), for memoising predicates. */
export interface SharedPart {
  /** Names the part in the engine's caches; unique within a source. */
  readonly name: string
  /** Whether a quantity at this document path is read from inside the part alone. */
  covers(path: string): boolean
  /** The document's shared object (compared by identity); undefined if it has none. */
  of(doc: Record<string, unknown>): unknown
}

export interface DocumentSource {
  /** Number of documents; documents are numbered 0..size-1. */
  readonly size: number
  /** Changes whenever any document changes (cached matches, orders and memos are dropped). */
  readonly version: number
  /** The document as the query evaluator reads it (dotted doc paths). */
  doc(index: number): Record<string, unknown>
  /** The document's unique id (entry_id): the tie-breaker of every order and of cursors. */
  id(index: number): string
  /**
   * Shared parts, most specific first: a query reading only covered paths is evaluated once
   * per distinct combination of parts. Omit when documents share nothing.
   */
  readonly sharedParts?: readonly SharedPart[]
}

/** A half-open range of document numbers [start, end). */
export interface IndexRange {
  start: number
  end: number
}

/**
 * The documents a caller may see (the owner filter, decided by the caller): all, ranges of
 * contiguous numbers (the sandbox: the entries of each visible upload), or a test per document.
 */
export type Candidates =
  | { kind: 'all' }
  | { kind: 'ranges'; ranges: Iterable<IndexRange> }
  | { kind: 'test'; accept: (index: number) => boolean }

/** The candidates of a search plus a key naming them for the match cache (same key, same set). */
export interface SearchScope {
  key: string
  candidates: Candidates
}

export const ALL_DOCUMENTS: SearchScope = { key: 'all', candidates: { kind: 'all' } }
