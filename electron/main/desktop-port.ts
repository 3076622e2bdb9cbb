import { BrowserWindow, dialog, shell } from 'electron'
import type { DesktopPort } from '../core/ports'

/**
 * The downloads' desktop glue: the native folder picker, "show in folder", and the window's
 * taskbar/dock progress. Thin on purpose; core decides when and what.
 */
export function createDesktopPort(): DesktopPort {
  return {
    async pickFolder({ title }) {
      const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
      const options = {
        title: title ?? 'Choose a download folder',
        properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
      }
      const result = parent
        ? await dialog.showOpenDialog(parent, options)
        : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    async reveal(path, kind) {
      if (kind === 'file') return shell.showItemInFolder(path)
      const problem = await shell.openPath(path)
      if (problem !== '') throw new Error(`The folder ${path} could not be opened: ${problem}`)
    },
    setProgress(fraction) {
      for (const window of BrowserWindow.getAllWindows()) window.setProgressBar(fraction ?? -1)
    },
  }
}
