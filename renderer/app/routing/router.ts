import { createHashHistory, createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './route-tree'

/**
 * The app's router over the window's hash (#/archive/…): the same links work at Electron's
 * app:// origin and in web mode, with no server-side routes. Tests pass a memory history.
 */
export function createAppRouter(history: RouterHistory = createHashHistory()) {
  return createRouter({
    routeTree,
    history,
    // Render errors go to the app's own boundaries (each screen's, the app's), not the router's.
    defaultErrorComponent: rethrow,
  })
}

function rethrow({ error }: { error: unknown }): never {
  throw error
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
