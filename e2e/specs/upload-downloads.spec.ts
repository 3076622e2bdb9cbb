import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Page } from '@playwright/test'
import type { Sandbox } from '../../electron/sandbox'
import { unzip } from '../../electron/sandbox/testing/zip'
import { planInto, SLOW_BODIES } from '../fixtures/downloads'
import { shootLightAndDark } from '../fixtures/screenshots'
import { expect, openApp, test, TEST_SANDBOX_PROFILE } from '../fixtures/test'

// "Download from here" in the upload's file browser, through the planning dialog and the job
// list, with the bytes on disk compared to the sandbox's; and a job that continues across a
// restart of the web host on the same data folder (issue 13), interrupted mid-body.

const FAST = { trickleRate: 0 }

test.use({
  sandbox: { entries: 120, limits: { rate: null, concurrency: null }, faults: SLOW_BODIES },
  viewport: { width: 1024, height: 640 },
})

const server = encodeURIComponent(TEST_SANDBOX_PROFILE.id)

async function sandboxBytes(sandbox: Sandbox, uploadId: string, path: string) {
  const response = await fetch(`${sandbox.baseUrl}/uploads/${uploadId}/raw/${path}`)
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

/** The showcase upload (public, the first created). */
async function showcaseId(sandbox: Sandbox) {
  const response = await fetch(
    `${sandbox.baseUrl}/entries?page_size=1&order_by=upload_create_time&required=upload_id`,
  )
  const first = (await response.json()) as { data: { upload_id: string }[] }
  return first.data[0]!.upload_id
}

async function openFiles(page: Page, uploadId: string, folders: string[]) {
  await page.goto(`${page.url().split('#')[0]}#/uploads/${server}/${uploadId}`)
  await page.getByTestId('upload-files-tab').click()
  for (const folder of folders) await item(page, folder).click()
}

const item = (page: Page, name: string) =>
  page.getByTestId('files-list').locator(`[data-testid="files-item"][data-name="${name}"]`)

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => relative(dir, join(dir, name)))
}

test('download one file from the file browser; its bytes are the sandbox’s', async ({
  page,
  host,
  dataDir,
  testSandbox,
}) => {
  test.setTimeout(120_000)
  testSandbox!.setFaults(FAST)
  const uploadId = await showcaseId(testSandbox!)
  mkdirSync(join(dataDir, 'downloads'))
  await openApp(page, host.current())
  await openFiles(page, uploadId, ['showcase', 'previews'])

  await item(page, 'plot.png').click()
  const button = page.getByRole('button', { name: 'Download file plot.png' })
  await expect(button).toBeVisible()
  // Whole upload stays on offer beside the selection, as on every upload page.
  await expect(page.getByTestId('files-download-upload')).toBeVisible()
  // Keyboard: the button is the next Tab stop after the sort order.
  await page.getByTestId('files-order').focus()
  await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  await shootLightAndDark(page, 'upload-files-download-action')
  await page.keyboard.press('Enter')

  const folder = join(dataDir, 'downloads', 'one-file')
  const dialog = await planInto(page, folder)
  await expect(dialog.getByTestId('plan-source')).toHaveText(
    `showcase/previews/plot.png from upload ${uploadId}`,
  )
  await expect(dialog.getByTestId('plan-files')).toHaveText('1')
  await expect(dialog.getByTestId('plan-chosen')).toHaveText('1 file')
  await shootLightAndDark(page, 'upload-files-download-plan')
  await dialog.getByTestId('plan-start').click()
  await page.getByTestId('plan-show-downloads').click()

  const row = page.getByTestId('job-row').first()
  await expect(row.getByTestId('job-label')).toContainText('plot.png')
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
  const onDisk = readFileSync(join(folder, uploadId, 'showcase/previews/plot.png'))
  const served = await sandboxBytes(testSandbox!, uploadId, 'showcase/previews/plot.png')
  expect(onDisk.length).toBeGreaterThan(0)
  expect(onDisk.equals(served)).toBe(true)
})

test('a folder job continues across a host restart and says it was interrupted', async ({
  page,
  host,
  dataDir,
  testSandbox,
}) => {
  test.setTimeout(240_000)
  const started = Date.now()
  const stage = (what: string) => console.log(`${what}: ${Date.now() - started} ms`)
  const uploadId = await showcaseId(testSandbox!)
  mkdirSync(join(dataDir, 'downloads'))
  await openApp(page, host.current())
  await openFiles(page, uploadId, [])

  // The top folder "bulk-oxides" (about 80 MB) arrives slowly: the restart falls mid-job.
  await expect(item(page, 'bulk-oxides')).toBeVisible({ timeout: 20_000 })
  await item(page, 'bulk-oxides').click({ modifiers: ['Control'] })
  await page.getByRole('button', { name: 'Download folder bulk-oxides' }).click()
  const folder = join(dataDir, 'downloads', 'restart')
  const dialog = await planInto(page, folder)
  stage('planned')
  await dialog.getByTestId('plan-start').click()
  await page.getByTestId('plan-show-downloads').click()
  const row = page.getByTestId('job-row').first()
  await expect(row).toHaveAttribute('data-state', /running|throttled/, { timeout: 30_000 })
  await expect(row.getByTestId('job-bytes')).not.toHaveText(/^0 B/, { timeout: 30_000 })

  // Mid-job: bytes arrived, the job is not done.
  await expect(row).toHaveAttribute('data-state', /running|throttled/)
  stage('restarting mid-job')
  const restartStarted = Date.now()
  await host.restart()
  testSandbox!.setFaults(FAST)
  await openApp(page, host.current(), 'downloads')
  const resumed = page.getByTestId('job-row').first()
  await expect(resumed.getByTestId('job-message')).toContainText(
    'Interrupted while the app was closed; resumed.',
    { timeout: 30_000 },
  )
  await expect(resumed).toHaveAttribute('data-state', 'done', { timeout: 120_000 })
  console.log(`restart → done in ${Date.now() - restartStarted} ms`)
  stage('done')

  const root = join(folder, uploadId)
  const files = filesBelow(root)
  expect(files.length).toBeGreaterThan(0)
  expect(files.filter((name) => name.endsWith('.part'))).toEqual([])
  // The sandbox's own zip of the folder (one request instead of one per file): the same names,
  // and every file byte for byte.
  const zipped = unzip(await sandboxBytes(testSandbox!, uploadId, 'bulk-oxides?compress=true'))
  const served = Object.entries(zipped).filter(([name]) => !name.endsWith('/'))
  expect(files.sort()).toEqual(served.map(([name]) => `bulk-oxides/${name}`).sort())
  for (const [name, bytes] of served)
    expect(readFileSync(join(root, 'bulk-oxides', name)).equals(bytes), name).toBe(true)
  stage(`compared ${files.length} files`)
})
