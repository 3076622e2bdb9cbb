import { hash } from 'node:crypto'
import { Rng, seedFor } from './rng'

/**
 * Identifier formats of the real server (nomad/utils create_uuid and hash): upload, dataset
 * and group ids are URL-safe base64 of a UUID4 without padding (22 chars); entry ids are the
 * first 28 chars of URL-safe base64 of SHA-512(upload_id + mainfile [+ mainfile_key]).
 */

function uuid4Bytes(seed: number): Uint8Array {
  const bytes = new Rng(seed).bytes(16)
  // Version 4 and RFC 4122 variant bits, so the ids look exactly like uuid4()-derived ones.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  return bytes
}

/** A 22-char id like create_uuid(), deterministic from (seed, kind, index). */
export function shortUuid(seed: number, kind: string, index: number | string): string {
  return Buffer.from(uuid4Bytes(seedFor(seed, kind, index))).toString('base64url')
}

/** A UUID string (Keycloak user ids have this shape), deterministic from a label. */
export function uuidString(seed: number, label: string): string {
  const hex = Buffer.from(uuid4Bytes(seedFor(seed, 'uuid', label))).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** entry_id exactly as the real server derives it. */
export function entryIdFor(uploadId: string, mainfile: string, mainfileKey?: string): string {
  // One-shot hash of the concatenation (the same bytes as updating with each part in turn):
  // a 100 000-entry sandbox derives 100 000 ids, and a Hash object per id cost a third of a
  // second of its start. 28 base64 chars are the first 21 bytes; encoding only those leaves no
  // 88-char digest behind for the id to pin (a slice keeps its whole parent string alive).
  const digest = hash('sha512', uploadId + mainfile + (mainfileKey ?? ''), 'buffer')
  return digest.toString('base64url', 0, 21)
}
