/**
 * What a file takes on disk: its allocated blocks, capped by its length (an LMDB file can be
 * sparse, so its length overstates it; a small file's last block is not all used). The one
 * measure of disk use the app shows, for the database alone and for the whole data folder.
 */
export function bytesOnDisk(info: { size: number; blocks: number }): number {
  return Math.min(info.size, info.blocks * 512)
}
