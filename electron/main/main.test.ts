import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ELECTRON_CANCEL, ELECTRON_INVOKE } from '../../shared/ipc/bridge'
import { contract } from '../../shared/ipc/contract'
import type { ReplyFrame } from '../../shared/ipc/frames'

// The Electron binary is not installed: every electron API main uses is a recorded fake.
const fakes = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown
  const handles = new Map<string, Listener>()
  const ons = new Map<string, Listener>()
  const appListeners = new Map<string, Listener>()
  const windows: { options: unknown; loaded: string[]; webContents: { id: number } }[] = []
  return {
    handles,
    ons,
    appListeners,
    windows,
    protocolHandlers: new Map<string, Listener>(),
    privilegedSchemes: [] as unknown[],
    permissionRequest: { handler: undefined as Listener | undefined },
    permissionCheck: { handler: undefined as Listener | undefined },
    openExternal: vi.fn(() => Promise.resolve()),
    storeOptions: [] as unknown[],
  }
})

vi.mock('electron', () => {
  let nextId = 1
  class FakeBrowserWindow {
    static getAllWindows = () => []
    webContents: { id: number; send: () => void }
    loaded: string[] = []
    constructor(readonly options: unknown) {
      this.webContents = { id: nextId++, send: vi.fn() }
      fakes.windows.push(this)
    }
    on() {}
    once() {}
    isDestroyed = () => false
    isMinimized = () => false
    restore() {}
    focus() {}
    show() {}
    loadURL(url: string) {
      this.loaded.push(url)
      return Promise.resolve()
    }
  }
  return {
    app: {
      isPackaged: false,
      on: (name: string, fn: (...args: unknown[]) => unknown) => fakes.appListeners.set(name, fn),
      whenReady: () => Promise.resolve(),
      isReady: () => true,
      getPath: () => '/tmp/nomad-desktop-main-test',
      setPath: vi.fn(),
      getVersion: () => '0.1.0-test',
      quit: vi.fn(),
    },
    ipcMain: {
      handle: (channel: string, fn: (...args: unknown[]) => unknown) =>
        fakes.handles.set(channel, fn),
      on: (channel: string, fn: (...args: unknown[]) => unknown) => fakes.ons.set(channel, fn),
    },
    protocol: {
      handle: (scheme: string, fn: (...args: unknown[]) => unknown) =>
        fakes.protocolHandlers.set(scheme, fn),
      registerSchemesAsPrivileged: (schemes: unknown[]) => fakes.privilegedSchemes.push(...schemes),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: (...args: unknown[]) => unknown) =>
          (fakes.permissionRequest.handler = fn),
        setPermissionCheckHandler: (fn: (...args: unknown[]) => unknown) =>
          (fakes.permissionCheck.handler = fn),
      },
    },
    shell: { openExternal: fakes.openExternal },
    safeStorage: {
      isEncryptionAvailable: () => true,
      isAsyncEncryptionAvailable: () => Promise.resolve(true),
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptString: (text: string) => Buffer.from(text).reverse(),
      decryptString: (bytes: Buffer) => Buffer.from(bytes).reverse().toString(),
      encryptStringAsync: (text: string) => Promise.resolve(Buffer.from(text).reverse()),
      decryptStringAsync: (bytes: Buffer) =>
        Promise.resolve({
          result: Buffer.from(bytes).reverse().toString(),
          shouldReEncrypt: false,
        }),
    },
    Notification: class {
      static isSupported = () => false
      show() {}
    },
    nativeTheme: { shouldUseDarkColors: false },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
    BrowserWindow: FakeBrowserWindow,
  }
})

vi.mock('electron-store', () => ({
  default: class FakeStore {
    data = new Map<string, unknown>()
    constructor(options: unknown) {
      fakes.storeOptions.push(options)
    }
    get(key: string) {
      return this.data.get(key)
    }
    set(key: string, value: unknown) {
      this.data.set(key, value)
    }
    delete(key: string) {
      this.data.delete(key)
    }
  },
}))

const { startMainProcess } = await import('./lifecycle')
const { registerAppScheme } = await import('./app-protocol')

/** A fake IPC event from a frame of window `id` showing `url`. */
function ipcEvent(id: number, url: string | null, isMainFrame = true) {
  const mainFrame = { url }
  return {
    sender: { id, mainFrame, once: vi.fn() },
    senderFrame: url === null ? null : isMainFrame ? mainFrame : { url },
  }
}

async function invoke(event: unknown, frame: unknown): Promise<ReplyFrame> {
  const handler = fakes.handles.get(ELECTRON_INVOKE)!
  return (await handler(event, frame)) as ReplyFrame
}

describe('Electron main', () => {
  let main: Awaited<ReturnType<typeof startMainProcess>>
  beforeEach(async () => {
    fakes.handles.clear()
    fakes.windows.length = 0
    await main?.core.dispose()
    main = await startMainProcess()
  })
  afterAll(() => main.core.dispose())

  it('creates a sandboxed, context-isolated window without Node and loads app://', () => {
    expect(fakes.windows).toHaveLength(1)
    const win = fakes.windows[0]!
    expect(win.options).toMatchObject({
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        webviewTag: false,
        preload: expect.stringMatching(/preload[\\/]index\.cjs$/) as unknown,
      },
    })
    expect(win.loaded).toEqual(['app://nomad/index.html'])
  })

  it('registers one invoke handler and one cancel listener that serve every contract channel', async () => {
    expect([...fakes.handles.keys()]).toEqual([ELECTRON_INVOKE])
    expect([...fakes.ons.keys()]).toContain(ELECTRON_CANCEL)
    const id = fakes.windows[0]!.webContents.id
    const trusted = ipcEvent(id, 'app://nomad/index.html')
    for (const channel of Object.keys(contract.channels)) {
      const reply = await invoke(trusted, { id: `c-${channel}`, channel, input: { __nope__: 1 } })
      expect(reply.id).toBe(`c-${channel}`)
      expect(reply.result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    }
    expect(await invoke(trusted, { id: 'x', channel: 'app.info', input: {} })).toEqual({
      id: 'x',
      result: {
        ok: true,
        value: {
          name: 'NOMAD Desktop',
          version: '0.1.0-test',
          mode: 'electron',
          platform: process.platform,
        },
      },
    })
  })

  it('refuses callers that are not our window, not its top frame, or not on app://', async () => {
    const id = fakes.windows[0]!.webContents.id
    const frame = { id: 'x', channel: 'app.info', input: {} }
    for (const event of [
      ipcEvent(id + 100, 'app://nomad/index.html'),
      ipcEvent(id, 'https://evil.example/'),
      ipcEvent(id, 'app://nomad/index.html', false),
      ipcEvent(id, null),
    ]) {
      expect((await invoke(event, frame)).result).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      })
    }
  })

  it('protects stored tokens with safeStorage (the OS key store), without a passphrase', async () => {
    const id = fakes.windows[0]!.webContents.id
    const reply = await invoke(ipcEvent(id, 'app://nomad/index.html'), {
      id: 'v',
      channel: 'vault.status',
      input: {},
    })
    expect(reply.result).toMatchObject({
      ok: true,
      value: { kind: 'os', cipherStatus: 'os-protected', persistence: 'disk', warning: null },
    })
  })

  it('builds the settings store from the shared options', () => {
    expect(fakes.storeOptions.at(-1)).toMatchObject({
      name: 'settings',
      cwd: '/tmp/nomad-desktop-main-test',
      configFileMode: 0o600,
      clearInvalidConfig: false,
    })
  })

  it('denies every permission request and check', () => {
    const callback = vi.fn()
    fakes.permissionRequest.handler?.({}, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
    expect(fakes.permissionCheck.handler?.({}, 'notifications')).toBe(false)
  })

  it('denies new windows and off-app navigation; opens only https links outside', () => {
    const created = fakes.appListeners.get('web-contents-created')!
    const listeners = new Map<string, (...args: unknown[]) => void>()
    let openHandler: ((details: { url: string }) => unknown) | undefined
    created(
      {},
      {
        setWindowOpenHandler: (fn: typeof openHandler) => (openHandler = fn),
        on: (name: string, fn: (...args: unknown[]) => void) => listeners.set(name, fn),
      },
    )
    fakes.openExternal.mockClear()
    expect(openHandler?.({ url: 'https://nomad-lab.eu/' })).toEqual({ action: 'deny' })
    expect(openHandler?.({ url: 'http://example.org/' })).toEqual({ action: 'deny' })
    expect(openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(fakes.openExternal.mock.calls).toEqual([['https://nomad-lab.eu/']])
    const away = { preventDefault: vi.fn() }
    listeners.get('will-navigate')?.(away, 'https://evil.example/')
    expect(away.preventDefault).toHaveBeenCalled()
    const inside = { preventDefault: vi.fn() }
    listeners.get('will-navigate')?.(inside, 'app://nomad/index.html#/servers')
    expect(inside.preventDefault).not.toHaveBeenCalled()
    const webview = { preventDefault: vi.fn() }
    listeners.get('will-attach-webview')?.(webview)
    expect(webview.preventDefault).toHaveBeenCalled()
  })

  it('registers app:// like https, with V8 code caching of the renderer scripts', () => {
    // Without codeCache, Chromium caches compiled code for http(s) pages only: every start of
    // the app would compile the whole renderer again.
    registerAppScheme()
    expect(fakes.privilegedSchemes).toContainEqual({
      scheme: 'app',
      privileges: expect.objectContaining({
        standard: true,
        secure: true,
        codeCache: true,
      }) as unknown,
    })
  })

  it('serves app:// from the renderer folder only', async () => {
    const handler = fakes.protocolHandlers.get('app')!
    const outside = (await handler({ url: 'app://nomad/../../etc/passwd' })) as Response
    expect(outside.status).toBe(404)
    const otherHost = (await handler({ url: 'app://elsewhere/index.html' })) as Response
    expect(otherHost.status).toBe(404)
  })
})
