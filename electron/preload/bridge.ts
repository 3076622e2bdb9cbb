import type { IpcRenderer, IpcRendererEvent } from 'electron'
import {
  CALL_ID_MAX,
  ELECTRON_CANCEL,
  ELECTRON_EVENT,
  ELECTRON_INVOKE,
  type NomadBridge,
} from '../../shared/ipc/bridge'
import { isChannelName, isEventName } from '../../shared/ipc/names'
import type { IpcResult } from '../../shared/ipc/result'

/**
 * Builds window.nomad. Pure apart from the ipcRenderer passed in, so it is unit-tested without
 * Electron. Only allow-listed names pass; listeners get the payload, never the IpcRendererEvent
 * (which exposes `sender`); the object is frozen so page scripts cannot swap its functions.
 */
export function createBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'send' | 'on' | 'removeListener'>,
): NomadBridge {
  const isCallId = (id: unknown): id is string =>
    typeof id === 'string' && id.length > 0 && id.length <= CALL_ID_MAX

  async function invoke(
    channel: string,
    input: unknown,
    callId: string,
  ): Promise<IpcResult<unknown>> {
    if (!isChannelName(channel))
      return {
        ok: false,
        error: {
          code: 'unknown_channel',
          message: `Unknown IPC channel “${String(channel).slice(0, 100)}”.`,
        },
      }
    if (!isCallId(callId))
      return {
        ok: false,
        error: { code: 'invalid_input', message: 'A call id (1–64 characters) is required.' },
      }
    const reply: unknown = await ipc.invoke(ELECTRON_INVOKE, { id: callId, channel, input })
    if (typeof reply === 'object' && reply !== null && 'result' in reply)
      return reply.result as IpcResult<unknown>
    return { ok: false, error: { code: 'internal', message: 'Main answered without a result.' } }
  }

  function cancel(callId: string): void {
    if (isCallId(callId)) ipc.send(ELECTRON_CANCEL, { cancel: callId })
  }

  function subscribe(event: string, listener: (payload: unknown) => void): () => void {
    if (!isEventName(event)) throw new Error(`Unknown event “${String(event).slice(0, 100)}”.`)
    if (typeof listener !== 'function') throw new Error('subscribe needs a listener function.')
    const onEvent = (_event: IpcRendererEvent, frame: unknown) => {
      if (typeof frame === 'object' && frame !== null && 'event' in frame && frame.event === event)
        listener('payload' in frame ? frame.payload : undefined)
    }
    ipc.on(ELECTRON_EVENT, onEvent)
    return () => {
      ipc.removeListener(ELECTRON_EVENT, onEvent)
    }
  }

  return Object.freeze({ platform: 'electron' as const, invoke, cancel, subscribe })
}
