/**
 * Checks an LMDB data file's two meta pages before lmdb opens it. lmdb 3.5.6 crashes the whole
 * process (a double free in its native open) whenever LMDB itself refuses a file as invalid or of
 * another version, and reading a truncated file faults on the memory map; so a damaged file must
 * be recognised here, where it can still become an error. Layout: the data format lmdb 3 writes
 * (24-byte page header, then the meta record); a test pins it against the installed lmdb.
 */
import { open } from 'node:fs/promises'

const PAGE_HEADER_BYTES = 24
const PAGE_FLAGS_OFFSET = 18
const P_META = 0x08
const MDB_MAGIC = 0xbeefc0de
/** The data format version lmdb 3 writes; another value makes LMDB refuse the file. */
export const LMDB_DATA_VERSION = 2
// Offsets inside the meta record: magic, version, address, map size, then two 48-byte database
// records (the first one's leading field is the page size), the last used page, the txn id.
const META = { magic: 0, version: 4, pageSize: 24, lastPage: 120, txnId: 128, end: 136 }
const META_BYTES = PAGE_HEADER_BYTES + META.end

interface Meta {
  pageSize: number
  lastPage: bigint
  txnId: bigint
}

/** Why the file at `path` cannot be an intact LMDB file of this version; undefined if it can. */
export async function lmdbFileProblem(path: string): Promise<string | undefined> {
  let file
  try {
    file = await open(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    const { size } = await file.stat()
    // An empty file is what a crash during creation leaves; LMDB initialises it.
    if (size === 0) return undefined
    const first = await readMeta(file, 0, size)
    if (typeof first === 'string') return first
    if (size < 2 * first.pageSize) return `it is shorter (${size} bytes) than its two header pages`
    const second = await readMeta(file, first.pageSize, size)
    if (typeof second === 'string') return `its second header page: ${second}`
    const newest = first.txnId >= second.txnId ? first : second
    const needed = (newest.lastPage + 1n) * BigInt(newest.pageSize)
    if (BigInt(size) < needed)
      return `it is truncated: ${size} bytes, but its last transaction uses ${needed}`
    return undefined
  } finally {
    await file.close()
  }
}

async function readMeta(
  file: Awaited<ReturnType<typeof open>>,
  offset: number,
  size: number,
): Promise<Meta | string> {
  if (size < offset + META_BYTES) return `it is too short (${size} bytes) for a database header`
  const page = Buffer.alloc(META_BYTES)
  await file.read(page, 0, META_BYTES, offset)
  const meta = page.subarray(PAGE_HEADER_BYTES)
  if (
    (page.readUInt16LE(PAGE_FLAGS_OFFSET) & P_META) === 0 ||
    meta.readUInt32LE(META.magic) !== MDB_MAGIC
  )
    return 'it is not an LMDB database file'
  const version = meta.readUInt32LE(META.version)
  if (version !== LMDB_DATA_VERSION)
    return `it has data format ${version}; this version of the app reads format ${LMDB_DATA_VERSION}`
  const pageSize = meta.readUInt32LE(META.pageSize)
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0)
    return `its header names an impossible page size (${pageSize})`
  return {
    pageSize,
    lastPage: meta.readBigUInt64LE(META.lastPage),
    txnId: meta.readBigUInt64LE(META.txnId),
  }
}
