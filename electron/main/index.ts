import { app } from 'electron'
import { registerAppScheme } from './app-protocol'
import { startMainProcess } from './lifecycle'

// Electron entry. The scheme must be registered before 'ready'; a second launch hands over to
// the running instance (which focuses its window) and quits.
registerAppScheme()
if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  startMainProcess().catch((error: unknown) => {
    process.stderr.write(`NOMAD Desktop failed to start: ${String(error)}\n`)
    app.exit(1)
  })
}
