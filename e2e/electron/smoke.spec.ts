import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron, expect, test } from '@playwright/test'
import type { NomadBridge } from '../../shared/ipc/bridge'
import { REPO_ROOT } from '../fixtures/web-host'
import { electronBinaryPath } from './electron-binary'

const binary = electronBinaryPath()

test.describe('Electron smoke', () => {
  test.skip(binary === null, 'Electron binary not installed on this machine (see README)')

  test('the window is sandboxed and the preload exposes only window.nomad', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nomad-electron-'))
    const app = await _electron.launch({
      executablePath: binary!,
      args: [REPO_ROOT],
      env: { ...process.env, NOMAD_DESKTOP_DATA_DIR: dataDir },
    })
    try {
      const page = await app.firstWindow()
      await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
      expect(page.url()).toBe('app://nomad/index.html')
      // The exact webPreferences are asserted in electron/main/main.test.ts; Electron offers no
      // API to read them back, so here we check their effects from inside the page.
      const surface = await page.evaluate(() => {
        const { nomad } = window as unknown as { nomad?: NomadBridge }
        return {
          keys: Object.keys(nomad ?? {}).sort(),
          frozen: Object.isFrozen(nomad),
          platform: nomad?.platform,
          require: typeof (window as unknown as { require?: unknown }).require,
          process: typeof (window as unknown as { process?: unknown }).process,
          ipcRenderer: typeof (window as unknown as { ipcRenderer?: unknown }).ipcRenderer,
        }
      })
      expect(surface).toEqual({
        keys: ['cancel', 'invoke', 'platform', 'subscribe'],
        frozen: true,
        platform: 'electron',
        require: 'undefined',
        process: 'undefined',
        ipcRenderer: 'undefined',
      })
      const refused = await page.evaluate(() =>
        (window as unknown as { nomad: NomadBridge }).nomad.invoke('shell.openExternal', {}, 'x1'),
      )
      expect(refused).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
      const windows = await app.evaluate(
        ({ BrowserWindow }) => BrowserWindow.getAllWindows().length,
      )
      expect(windows).toBe(1)
      await page.evaluate(() => window.open('https://example.org/'))
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(
        1,
      )
      await expect(page.getByTestId('status-version')).toContainText('Desktop')
    } finally {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
