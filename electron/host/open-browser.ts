import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

/**
 * The command that opens a URL in the user's browser, or null where there is none (a headless
 * Linux server without a display, or no xdg-open): then the printed URL is all we offer.
 */
export function browserOpener(
  platform: string = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): { command: string; args: (url: string) => string[] } | null {
  if (platform === 'darwin') return { command: 'open', args: (url) => [url] }
  // `start` is a cmd built-in; the empty string is its window-title argument.
  if (platform === 'win32') return { command: 'cmd', args: (url) => ['/c', 'start', '""', url] }
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null
  return onPath('xdg-open', env) ? { command: 'xdg-open', args: (url) => [url] } : null
}

/** Opens the URL without waiting for the browser; returns false when no opener exists. */
export function openInBrowser(url: string): boolean {
  const opener = browserOpener()
  if (!opener) return false
  const child = spawn(opener.command, opener.args(url), { stdio: 'ignore', detached: true })
  child.on('error', () => undefined)
  child.unref()
  return true
}
