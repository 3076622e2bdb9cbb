import { isAppUrl } from './app-protocol'

/** What the IPC bridge knows about the caller of an invoke (from the Electron event). */
export interface SenderInfo {
  webContentsId: number
  /** URL of the frame that sent the message; null when the frame is gone or navigated away. */
  frameUrl: string | null
  isMainFrame: boolean
}

/**
 * Only our own windows' top frames, showing our app:// origin, may call main (security
 * checklist item 17; GitHub Desktop keeps trusted ids, VS Code checks the frame origin; we do
 * both). Anything else, such as a stray iframe or a window navigated elsewhere, is refused.
 */
export function isTrustedSender(sender: SenderInfo, trustedIds: ReadonlySet<number>): boolean {
  if (!trustedIds.has(sender.webContentsId) || !sender.isMainFrame || sender.frameUrl === null)
    return false
  return isAppUrl(sender.frameUrl)
}
