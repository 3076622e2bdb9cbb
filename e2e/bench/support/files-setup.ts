/** What files.bench.ts runs against: the built app, the showcase upload, raw reference calls. */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from './report'
import { log } from './scheduler-scenarios'
import { sleep } from './stats'

/** Builds the renderer the web host serves, unless FILES_BENCH_SKIP_BUILD=1 and one exists. */
export function ensureAppBuilt(): void {
  const built = existsSync(join(REPO_ROOT, 'out/renderer/index.html'))
  if (process.env.FILES_BENCH_SKIP_BUILD === '1' && built) return
  log('building the app (electron-vite build)…')
  const run = spawnSync('npx', ['electron-vite', 'build'], { cwd: REPO_ROOT, stdio: 'ignore' })
  if (run.status !== 0) throw new Error('electron-vite build failed')
}

export function tempDataDir(): { dataDir: string; remove(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'nomad-files-bench-'))
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) }
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return (await response.json()) as T
}

/** The showcase upload (the first one) and its folder of more than 5 000 children. */
export async function findFramedFolder(
  baseUrl: string,
): Promise<{ uploadId: string; folder: string }> {
  const first = await json<{ data: { upload_id: string }[] }>(
    `${baseUrl}/entries?page_size=1&order_by=upload_create_time&required=upload_id`,
  )
  const uploadId = first.data[0]?.upload_id ?? ''
  const entries = await json<{ data: { mainfile: string }[] }>(
    `${baseUrl}/entries?upload_id=${uploadId}&page_size=100&required=mainfile`,
  )
  for (const { mainfile } of entries.data) {
    const folder = mainfile.slice(0, mainfile.lastIndexOf('/'))
    const listing = await json<{ pagination: { total: number } }>(
      `${baseUrl}/uploads/${uploadId}/rawdir/${folder}?page_size=1`,
    )
    if (listing.pagination.total > 5000) return { uploadId, folder }
  }
  throw new Error(`upload ${uploadId} has no folder of more than 5 000 children`)
}

/**
 * One GET straight to the sandbox, body read, timed from Node. The app shares the sandbox's
 * limiter, so a 503 is waited out and the answered attempt is timed, as the app's figure is.
 */
export async function rawTimed(url: string): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const start = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    if (response.status === 503) {
      await sleep(250)
      continue
    }
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    return performance.now() - start
  }
  throw new Error(`${url} answered 503 twenty times`)
}
