import { contextBridge, ipcRenderer } from 'electron'
import { createBridge } from './bridge'

// Sandboxed preload (bundled to one CommonJS file): exposes exactly one frozen object.
contextBridge.exposeInMainWorld('nomad', createBridge(ipcRenderer))
