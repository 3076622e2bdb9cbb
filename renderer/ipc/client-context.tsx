import { createContext, useContext, type ReactNode } from 'react'
import type { IpcClient } from './client'

const IpcClientContext = createContext<IpcClient | null>(null)

export function IpcClientProvider({
  client,
  children,
}: {
  client: IpcClient
  children: ReactNode
}) {
  return <IpcClientContext.Provider value={client}>{children}</IpcClientContext.Provider>
}

export function useIpcClient(): IpcClient {
  const client = useContext(IpcClientContext)
  if (!client) throw new Error('useIpcClient must be used inside <IpcClientProvider>.')
  return client
}
