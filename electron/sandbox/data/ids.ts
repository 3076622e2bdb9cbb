import { hash } from 'node:crypto'
import { flat } from './flat'
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
  // second of its start. The digest comes as base64url text: a Buffer per id (an ArrayBuffer
  // each) cost half as much again as the hashing. The id is its first 28 characters, copied
  // out: V8 keeps a substring of 13 or more characters as a view that pins the whole 86-char
  // digest, while shorter ones are copies, and flat() joins the three into one string.
  const digest = hash('sha512', uploadId + mainfile + (mainfileKey ?? ''), 'base64url')
  return flat(digest.slice(0, 12) + digest.slice(12, 24) + digest.slice(24, 28))
}
