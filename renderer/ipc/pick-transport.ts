import { createElectronTransport } from './electron-transport'
import { createParseOffThread } from './parse-off-thread'
import type { Transport } from './transport'
import { createWsTransport, wsUrlFor } from './ws-transport'

/** Inside Electron the preload provides window.nomad; anywhere else we are in web mode. */
export function pickTransport(win: Window = window): Transport {
  if (win.nomad?.platform === 'electron') return createElectronTransport(win.nomad)
  return createWsTransport({ url: wsUrlFor(win.location), parseOffThread: createParseOffThread() })
}
