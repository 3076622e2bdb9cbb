import { readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { VerifyReport } from '../../../shared/ipc/channels/downloads'
import { safeJoin } from '../storage/safe-join'
import { sha256OfFile } from './file-hash'
import { sizeOf } from './finalize'
import type { Manifest } from './manifest'

/**
 * Re-checks a folder against its manifest: every listed file present with its size and sha256,
 * and files in the job's folders that the manifest does not list (not an error: say so).
 */
export async function verifyFolder(
  jobId: string,
  root: string,
  manifest: Manifest,
  now: number,
): Promise<VerifyReport> {
  const report: VerifyReport = {
    jobId,
    checkedAt: now,
    checked: manifest.files.length,
    ok: 0,
    missing: [],
    changed: [],
    extra: [],
  }
  const listed = new Set<string>()
  for (const file of manifest.files) {
    listed.add(file.path)
    let path: string
    try {
      path = safeJoin(root, file.path)
    } catch (error) {
      report.changed.push({ path: file.path, reason: (error as Error).message })
      continue
    }
    const size = await sizeOf(path)
    if (size === null) report.missing.push(file.path)
    else if (size !== file.size)
      report.changed.push({ path: file.path, reason: `${size} bytes instead of ${file.size}` })
    else if ((await sha256OfFile(path)) !== file.sha256)
      report.changed.push({
        path: file.path,
        reason: 'same size, different content (sha256 differs)',
      })
    else report.ok += 1
  }
  const tops = new Set(
    manifest.files
      .map((file) => file.path.split('/')[0] ?? '')
      .filter((top) => top !== '' && listed.has(top) === false),
  )
  for (const top of tops)
    for (const file of await walk(join(root, top))) {
      const rel = relative(root, file).split(sep).join('/')
      if (!listed.has(rel) && !rel.endsWith('.part')) report.extra.push(rel)
    }
  return report
}

async function walk(folder: string): Promise<string[]> {
  const out: string[] = []
  let entries
  try {
    entries = await readdir(folder, { withFileTypes: true })
  } catch {
    return out
  }
  for (const entry of entries) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) out.push(...(await walk(path)))
    else out.push(path)
  }
  return out
}
