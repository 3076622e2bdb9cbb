import { BrowserWindow, nativeTheme, type WebPreferences } from 'electron'
import { APP_ENTRY_URL } from './app-protocol'

/** Electron security checklist items 2–4 and 6, set explicitly rather than trusting defaults. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
  }
}

/**
 * Creates the main window, registers it as a trusted IPC sender while it lives, and loads the
 * renderer from app://. Shown once painted to avoid a white flash in dark mode.
 */
export function createMainWindow(preloadPath: string, trustedIds: Set<number>): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'NOMAD Desktop',
    // Matches Mantine's page background in the OS's scheme, for the moment before first paint.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#242424' : '#ffffff',
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(preloadPath),
  })
  const id = window.webContents.id
  trustedIds.add(id)
  window.on('closed', () => trustedIds.delete(id))
  window.once('ready-to-show', () => window.show())
  void window.loadURL(APP_ENTRY_URL)
  return window
}
