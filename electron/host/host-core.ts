import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { WebSocketServer } from 'ws'
import { z } from 'zod'
import { contract } from '../../shared/ipc/contract'
import { createCore, type Core } from '../core/create-core'
import { createRouter } from '../core/ipc/router'
import type { Logger } from '../core/logging'
import { createConfStore } from './conf-store'
import type { HostOptions } from './start-host'
import { attachRouter, broadcast } from './ws-bridge'

/**
 * What answers the renderer: core, its IPC router and the WebSocket server in front of it.
 * start-host.ts imports this module only after the port is open, because loading it is most of
 * the host's start (the API client's undici, conf with ajv, the IPC contract's zod schemas, ws:
 * several hundred modules). The URL line does not wait for it; a WebSocket upgrade does.
 */

const REPO_ROOT = resolve(import.meta.dirname, '../..')
/** Largest accepted WebSocket message; IPC inputs are small JSON documents. */
const MAX_FRAME_BYTES = 1024 * 1024

export interface WiredCore {
  core: Core
  wss: WebSocketServer
}

function readAppVersion(): string {
  const pkg = z
    .object({ version: z.string() })
    .parse(JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')))
  return pkg.version
}

export function wireCore(options: HostOptions, logger: Logger): WiredCore {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const core = createCore({
    mode: 'web',
    platform: process.platform,
    appVersion: readAppVersion(),
    dataDir: options.dataDir,
    settingsStore: createConfStore(options.dataDir),
    events: { emit: (event, payload) => broadcast(wss, { event, payload }) },
    logger,
    devChecks: true,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    ...(options.recheck ? { recheck: options.recheck } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.vaultPassphrase === undefined ? {} : { vaultPassphrase: options.vaultPassphrase }),
    ...(options.downloads ? { downloads: options.downloads } : {}),
  })
  const router = createRouter(contract, core.handlers, {
    validateOutputs: true,
    logger: logger.child('ipc'),
  })
  attachRouter(wss, router, logger.child('ws'))
  return { core, wss }
}
