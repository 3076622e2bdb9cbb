/**
 * The first module the renderer's entry evaluates (main.tsx imports it before anything else):
 * it picks the transport and calls 'app.startup'. In web mode the call travels in the
 * WebSocket's upgrade request (renderer/ipc/ws-transport.ts), so the handshake and the answer
 * both arrive while the rest of the entry (React, Mantine, the shell) is evaluated, instead of
 * after it. StartupGate takes the answer.
 * Kept small on purpose: whatever it imports is evaluated before the socket opens.
 */
import type { AppStartup } from '../../shared/ipc/channels/app'
import { createIpcClient } from './client'
import { pickTransport } from './pick-transport'
import type { Transport } from './transport'

export interface EarlyStart {
  transport: Transport
  /** The 'app.startup' answer; StartupGate reports nothing itself when it fails. */
  startup: Promise<AppStartup>
}

function startEarly(): EarlyStart {
  const transport = pickTransport()
  const startup = createIpcClient(transport).invoke('app.startup', {})
  // StartupGate handles a failure (each screen then asks its own channels); never unhandled.
  startup.catch(() => undefined)
  return { transport, startup }
}

// At evaluation, not in a function main.tsx calls: main's own code runs only after everything
// it imports has been evaluated.
export const early = startEarly()
