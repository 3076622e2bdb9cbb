import type { MenuItemConstructorOptions } from 'electron'

const DOCS_URL = 'https://nomad-lab.eu/prod/v1/docs/'

/**
 * The application menu: the platform's usual roles, which bring the standard shortcuts
 * (copy/paste, undo, reload, zoom, full screen, quit, close window). Developer tools only in
 * development builds.
 */
export function menuTemplate(options: {
  platform: string
  isDev: boolean
  openExternal: (url: string) => void
}): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  return [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(options.isDev ? [{ role: 'toggleDevTools' } as const] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'NOMAD documentation', click: () => options.openExternal(DOCS_URL) },
        {
          label: 'NOMAD API reference',
          click: () => options.openExternal('https://nomad-lab.eu/prod/v1/api/v1/extensions/docs'),
        },
      ],
    },
  ]
}
