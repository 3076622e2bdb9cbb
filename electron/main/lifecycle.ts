import { join } from 'node:path'
import { BrowserWindow, Menu, Notification, app, safeStorage, session, shell } from 'electron'
import { contract } from '../../shared/ipc/contract'
import { createCore, type Core } from '../core/create-core'
import { createRouter, type Router } from '../core/ipc/router'
import { createLogger } from '../core/logging'
import { createEmbeddedSandbox } from '../sandbox/embedded'
import { createDesktopPort } from './desktop-port'
import { handleAppProtocol } from './app-protocol'
import { installHardening } from './hardening'
import { createWindowEventSink, registerIpcBridge } from './ipc-bridge'
import { menuTemplate } from './menu'
import { createSafeStorageCipher } from './safe-storage-cipher'
import { createElectronSettingsStore } from './settings-store'
import { createMainWindow } from './window'

export interface MainProcess {
  core: Core
  router: Router
  trustedIds: Set<number>
}

/** Lets tests and power users keep a separate profile: NOMAD_DESKTOP_DATA_DIR=/some/folder. */
function applyDataDirOverride(): void {
  const override = process.env.NOMAD_DESKTOP_DATA_DIR
  if (override) app.setPath('userData', override)
}

/** The Local sandbox's size: NOMAD_DESKTOP_SANDBOX_ENTRIES (like the host's --sandbox-entries). */
function sandboxEntriesFromEnv(): { entries?: number } {
  const entries = Number(process.env.NOMAD_DESKTOP_SANDBOX_ENTRIES)
  return Number.isInteger(entries) && entries > 0 ? { entries } : {}
}

/**
 * Everything main does after the single-instance lock: build core with Electron adapters, wire
 * IPC, serve app://, harden, menu, window. Logic lives in electron/core; this stays glue.
 */
export async function startMainProcess(): Promise<MainProcess> {
  applyDataDirOverride()
  const logger = createLogger({ name: 'main', level: app.isPackaged ? 'info' : 'debug' })
  const trustedIds = new Set<number>()
  const preloadPath = join(import.meta.dirname, '../preload/index.cjs')
  const rendererDir = join(import.meta.dirname, '../renderer')

  let mainWindow: BrowserWindow | undefined
  const showWindow = () => {
    // A second launch can signal before we are ready; the first window comes after whenReady.
    if (!app.isReady()) return
    if (!mainWindow || mainWindow.isDestroyed())
      mainWindow = createMainWindow(preloadPath, trustedIds)
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  }
  app.on('second-instance', showWindow)

  await app.whenReady()
  const dataDir = app.getPath('userData')
  const core = createCore({
    mode: 'electron',
    platform: process.platform,
    appVersion: app.getVersion(),
    dataDir,
    settingsStore: createElectronSettingsStore(dataDir),
    events: createWindowEventSink(() =>
      BrowserWindow.getAllWindows().filter((w) => trustedIds.has(w.webContents.id)),
    ),
    logger,
    devChecks: !app.isPackaged,
    sandbox: createEmbeddedSandbox({ dataDir, ...sandboxEntriesFromEnv() }),
    // Stored tokens are encrypted with the OS key store (safeStorage needs app 'ready').
    cipher: await createSafeStorageCipher(safeStorage, process.platform),
    notify: (notification) => {
      if (Notification.isSupported()) new Notification(notification).show()
    },
    desktop: createDesktopPort(),
  })
  const router = createRouter(contract, core.handlers, {
    validateOutputs: !app.isPackaged,
    logger: logger.child('ipc'),
  })
  registerIpcBridge({ router, trustedIds, logger: logger.child('ipc') })
  installHardening(app, session.defaultSession, shell)
  handleAppProtocol(rendererDir)
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        platform: process.platform,
        isDev: !app.isPackaged,
        openExternal: (url) => void shell.openExternal(url),
      }),
    ),
  )

  showWindow()
  app.on('activate', showWindow)
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  // Quit waits once for core: learned limits are flushed and the sandbox's state is saved.
  let disposed = false
  app.on('before-quit', (event: { preventDefault(): void }) => {
    if (disposed) return
    disposed = true
    event.preventDefault()
    void core
      .dispose()
      .catch((error: unknown) => logger.error('shutdown failed', { error }))
      .finally(() => app.quit())
  })
  logger.info('started', { version: app.getVersion(), dataDir })
  return { core, router, trustedIds }
}
