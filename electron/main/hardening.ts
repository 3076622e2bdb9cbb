import type { App, Session, Shell, WebContents } from 'electron'
import { isAppUrl } from './app-protocol'

/** Links the user clicks may open in the system browser only when they are https. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Electron security checklist items 5, 13, 14, 15: every permission request and check is
 * denied (the app needs none), new windows are never created, navigation away from app:// is
 * blocked, and https links go to the system browser instead.
 */
export function hardenWebContents(contents: WebContents, shell: Pick<Shell, 'openExternal'>): void {
  const openOutside = (url: string) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url)
  }
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url)
    return { action: 'deny' }
  })
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return
    event.preventDefault()
    openOutside(url)
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

export function installHardening(
  app: Pick<App, 'on'>,
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
  shell: Pick<Shell, 'openExternal'>,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, shell))
}
