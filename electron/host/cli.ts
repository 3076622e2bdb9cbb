import { toAppErrorData } from '../../shared/errors'
import { createLogger } from '../core/logging'
import { createEmbeddedSandbox } from '../sandbox/embedded'
import { parseCliArgs, USAGE } from './cli-args'
import { defaultDataDir } from './data-dir'
import { openInBrowser } from './open-browser'
import { startHost } from './start-host'

/**
 * `npm run web`: starts the web-mode host and prints its URL. That printed line is the only
 * place the session token appears (the logger would redact it anyway).
 */
async function main(): Promise<void> {
  const args = parseCliArgs(process.argv.slice(2), process.env)
  if (args.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const dataDir = args.dataDir ?? defaultDataDir()
  // For automation: unlock the token vault without the UI. Removed from the environment so
  // that no process started later inherits it.
  const vaultPassphrase = process.env.NOMAD_VAULT_PASSPHRASE
  delete process.env.NOMAD_VAULT_PASSPHRASE
  const host = await startHost({
    dataDir,
    port: args.port,
    logger: createLogger({ name: 'host', level: args.logLevel }),
    sandbox: createEmbeddedSandbox({
      dataDir,
      ...(args.sandboxEntries === undefined ? {} : { entries: args.sandboxEntries }),
    }),
    ...(vaultPassphrase ? { vaultPassphrase } : {}),
    ...(args.downloadRetry ? { downloads: { retry: args.downloadRetry } } : {}),
  })
  // Printed as soon as the port is open: core loads while the browser opens the page, and the
  // page's connection waits for it. If core cannot start, main() fails below and the host exits.
  process.stdout.write(`NOMAD Desktop (web mode): ${host.url}\n`)
  process.stderr.write(`Data folder: ${dataDir}\nPress Ctrl+C to stop.\n`)
  if (args.open && !openInBrowser(host.url))
    process.stderr.write('No browser found to open; copy the URL above into one.\n')

  const stop = () => {
    void host.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  await host.ready
}

main().catch((error: unknown) => {
  const data = toAppErrorData(error)
  process.stderr.write(`NOMAD Desktop (web mode) could not start: ${data.message}\n`)
  if (data.code === 'invalid_input') process.stderr.write(`\n${USAGE}\n`)
  process.exit(1)
})
