import { contextBridge } from 'electron'

contextBridge.exposeInMainWorld('nomad', Object.freeze({}))
