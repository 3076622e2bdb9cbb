import { createContext, Suspense, useContext, useMemo, useState, type ReactNode } from 'react'
import type { DownloadSource } from '../../../shared/ipc/channels/downloads'
import { onDemand } from '../../components/on-demand/on-demand'

// Fetched when a download is first planned: the dialog is not part of the first screen.
const PlanDialog = onDemand(() => import('./plan-dialog'), 'PlanDialog')

/** What a screen asks to download: the server, what to fetch, and a label for the job list. */
export interface StartDownloadRequest {
  serverId: string
  source: DownloadSource
  /** Shown in the job list; the engine derives one from the source when empty. */
  label?: string
  /** The file browser's selection by kind: the plan shows it (an upload has no entry count). */
  chosen?: { files: number; folders: number }
  /** The upload's name, shown beside its id for upload sources. */
  uploadName?: string
}

export interface StartDownloadApi {
  /** Opens the planning dialog for `request`; the user chooses the folder and starts the job. */
  open(request: StartDownloadRequest): void
}

const StartDownloadContext = createContext<StartDownloadApi | null>(null)

/**
 * Holds the one planning dialog of the app. `onShowDownloads` is how the dialog's "Show in
 * Downloads" navigates (the app passes its router's navigate; a feature knows no routes).
 */
export function StartDownloadProvider({
  onShowDownloads,
  children,
}: {
  onShowDownloads: () => void
  children: ReactNode
}) {
  const [opened, setOpened] = useState<{ request: StartDownloadRequest; key: number } | null>(null)
  const api = useMemo<StartDownloadApi>(
    () => ({ open: (request) => setOpened((old) => ({ request, key: (old?.key ?? 0) + 1 })) }),
    [],
  )
  return (
    <StartDownloadContext.Provider value={api}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <PlanDialog
            key={opened.key}
            request={opened.request}
            onClose={() => setOpened(null)}
            onShowDownloads={() => {
              setOpened(null)
              onShowDownloads()
            }}
          />
        </Suspense>
      )}
    </StartDownloadContext.Provider>
  )
}

/** `open(request)` from any screen below the app's StartDownloadProvider. */
export function useStartDownload(): StartDownloadApi {
  const api = useContext(StartDownloadContext)
  if (!api)
    throw new Error('useStartDownload needs a StartDownloadProvider above it (renderer/app/shell).')
  return api
}
