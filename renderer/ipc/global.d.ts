import type { NomadBridge } from '../../shared/ipc/bridge'

declare global {
  interface Window {
    /** Present only inside Electron, exposed by the sandboxed preload. */
    readonly nomad?: NomadBridge
  }
}
