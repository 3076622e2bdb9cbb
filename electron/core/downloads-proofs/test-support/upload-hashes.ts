import type { Sandbox } from '../../../sandbox'
import { get, getBytes } from '../../../sandbox/testing/harness'
import { sha256 } from '../proof-support'

interface Listing {
  directory_metadata: { content: { name: string; size: number; is_file: boolean }[] }
}

/** Every file of an upload (path in the upload → sha256 of the sandbox's bytes). */
export async function uploadFileHashes(
  sandbox: Sandbox,
  uploadId: string,
): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const walk = async (path: string): Promise<void> => {
    const answer = await get<Listing>(sandbox, `/uploads/${uploadId}/rawdir/${path}?page_size=1000`)
    for (const item of answer.body.directory_metadata.content) {
      const child = path ? `${path}/${item.name}` : item.name
      if (!item.is_file) {
        await walk(child)
        continue
      }
      const url = `/uploads/${uploadId}/raw/${child.split('/').map(encodeURIComponent).join('/')}`
      out.set(child, sha256((await getBytes(sandbox, url)).bytes))
    }
  }
  await walk('')
  return out
}
