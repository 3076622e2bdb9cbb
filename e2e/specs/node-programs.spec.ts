/**
 * The built Node programs (out/node, electron/tools/node-entries.ts) as a researcher starts
 * them: `npm run sandbox -- <options>`. Each option that reads a file shipped with the sources
 * must find it from the built program too; the sources' own tests never run the bundle.
 */
import { existsSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { cachePathOfLauncher } from '../../electron/tools/code-cache'
import { BUILT_SANDBOX, startSandboxProcess } from '../bench/browse-setup'

const CODE_CACHE = cachePathOfLauncher(BUILT_SANDBOX)

test('npm run sandbox -- --recorded-archives serves the recorded real archives', async () => {
  const sandbox = await startSandboxProcess(['--entries', '10', '--recorded-archives'])
  try {
    // The recorded dft_bulk upload is published: anyone finds its entries.
    const answer = await fetch(`${sandbox.baseUrl}/entries?upload_id=dft_upload&page_size=1`)
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { pagination: { total: number } }
    expect(body.pagination.total).toBeGreaterThan(0)
  } finally {
    await sandbox.stop()
  }
})

test('npm run sandbox starts again from its code cache, API dashboard included', async () => {
  const first = await startSandboxProcess(['--entries', '10'])
  try {
    // Written ~2 s after a start (electron/tools/code-cache.ts), unless an earlier start did.
    await expect.poll(() => existsSync(CODE_CACHE), { timeout: 15_000 }).toBe(true)
  } finally {
    await first.stop()
  }
  const second = await startSandboxProcess(['--entries', '10'])
  try {
    // The dashboard's packages load on its first request (a lazy import in the bundle).
    const answer = await fetch(`${second.baseUrl}/openapi.json`)
    expect(answer.status).toBe(200)
    const document = (await answer.json()) as { paths: Record<string, unknown> }
    expect(Object.keys(document.paths)).toContain('/api/v1/entries/query')
  } finally {
    await second.stop()
  }
})
