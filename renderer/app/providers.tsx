import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { IpcClient } from '../ipc/client'
import { IpcClientProvider } from '../ipc/client-context'
import { NotificationsHost } from './notifications-host'
import './accessibility.css'
import { accessibleCssVariables } from './theme-contrast'
import { settingsColorSchemeManager, theme } from './theme'

/** One QueryClient per app: IPC errors are not retried blindly (events keep data fresh). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
}

export function AppProviders({ client, children }: { client: IpcClient; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={settingsColorSchemeManager}
      cssVariablesResolver={accessibleCssVariables}
    >
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <IpcClientProvider client={client}>{children}</IpcClientProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
}
