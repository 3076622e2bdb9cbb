import {
  ipcMain as electronIpcMain,
  type BrowserWindow,
  type IpcMain,
  type IpcMainEvent,
  type IpcMainInvokeEvent,
} from 'electron'
import { ELECTRON_CANCEL, ELECTRON_EVENT, ELECTRON_INVOKE } from '../../shared/ipc/bridge'
import type { ReplyFrame } from '../../shared/ipc/frames'
import { fail } from '../../shared/ipc/result'
import type { Router } from '../core/ipc/router'
import { createCallSession, type CallSession } from '../core/ipc/session'
import type { Logger } from '../core/logging'
import type { EventSink } from '../core/ports'
import { isTrustedSender } from './sender-check'

/**
 * The only place main touches ipcMain (lint enforces it): one invoke handler and one cancel
 * listener carry every contract channel; the router does the validation.
 */
export interface IpcBridgeOptions {
  /** Electron's ipcMain unless a test passes another. */
  ipcMain?: Pick<IpcMain, 'handle' | 'on'>
  router: Router
  trustedIds: ReadonlySet<number>
  logger: Logger
}

function senderOf(event: IpcMainInvokeEvent | IpcMainEvent) {
  const frame = event.senderFrame
  return {
    webContentsId: event.sender.id,
    frameUrl: frame ? frame.url : null,
    isMainFrame: frame !== null && frame === event.sender.mainFrame,
  }
}

function errorSummary(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error
}

export function registerIpcBridge(options: IpcBridgeOptions): void {
  const { router, trustedIds, logger } = options
  const ipcMain = options.ipcMain ?? electronIpcMain
  const sessions = new Map<number, CallSession>()

  /** One call session per window, closed (aborting its calls) when the window goes away. */
  function sessionFor(event: IpcMainInvokeEvent | IpcMainEvent): CallSession {
    const id = event.sender.id
    let session = sessions.get(id)
    if (!session) {
      const created = createCallSession(router, `electron:${id}`, logger)
      sessions.set(id, created)
      event.sender.once('destroyed', () => {
        created.close()
        sessions.delete(id)
      })
      session = created
    }
    return session
  }

  async function answer(event: IpcMainInvokeEvent, frame: unknown): Promise<ReplyFrame> {
    const id =
      typeof frame === 'object' && frame !== null && 'id' in frame && typeof frame.id === 'string'
        ? frame.id
        : ''
    if (!isTrustedSender(senderOf(event), trustedIds)) {
      logger.warn('refused IPC from an untrusted sender', { webContentsId: event.sender.id })
      return {
        id,
        result: fail({ code: 'forbidden', message: 'This window may not call NOMAD Desktop.' }),
      }
    }
    const reply = await sessionFor(event).invoke(frame)
    return (
      reply ?? {
        id,
        result: fail({
          code: 'invalid_input',
          message: 'Malformed call: expected {id, channel, input}.',
        }),
      }
    )
  }

  // A rejected handle() promise would reach the renderer as an Electron error string; every
  // failure becomes a reply instead, logged once without the frame (it may hold secrets).
  ipcMain.handle(ELECTRON_INVOKE, async (event, frame: unknown): Promise<ReplyFrame> => {
    try {
      return await answer(event, frame)
    } catch (error) {
      logger.error('IPC call failed outside the router', { error: errorSummary(error) })
      return {
        id: '',
        result: fail({ code: 'invalid_input', message: 'The call could not be read.' }),
      }
    }
  })

  ipcMain.on(ELECTRON_CANCEL, (event, frame: unknown) => {
    try {
      if (!isTrustedSender(senderOf(event), trustedIds)) return
      sessions.get(event.sender.id)?.cancel(frame)
    } catch (error) {
      logger.error('IPC cancel failed', { error: errorSummary(error) })
    }
  })
}

/** Core's event sink in Electron: every open window of ours gets every event. */
export function createWindowEventSink(windows: () => BrowserWindow[]): EventSink {
  return {
    emit(event, payload) {
      for (const window of windows())
        if (!window.isDestroyed()) window.webContents.send(ELECTRON_EVENT, { event, payload })
    },
  }
}
