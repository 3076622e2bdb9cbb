import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { AppError } from '../../shared/errors'

export interface CliArgs {
  port: number
  dataDir: string | undefined
  open: boolean
  help: boolean
  /** Entries the Local sandbox generates (its first start only: they are kept in the data dir). */
  sandboxEntries: number | undefined
}

export const USAGE = `Usage: npm run web -- [options]

Runs NOMAD Desktop in your browser: the same app as the desktop version, served on this
computer only (127.0.0.1) and protected by a one-time session token.

Options:
  --port <n>        Port on 127.0.0.1 (default 0: any free port)
  --data-dir <dir>  Where settings are kept (default: the OS application-data folder)
  --no-open         Do not open a browser; just print the URL
  --sandbox-entries <n>
                    Entries the "Local sandbox" server generates (default 2000)
  -h, --help        Show this help

Environment:
  NOMAD_VAULT_PASSPHRASE
                    Unlocks the token vault at start (creates it on first use), for
                    automation; without it the Tokens screen asks for the passphrase`

/** Parses the web host's command line; a bad value is an invalid_input AppError naming it. */
export function parseCliArgs(argv: string[]): CliArgs {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-open': { type: 'boolean', default: false },
        'sandbox-entries': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    throw new AppError('invalid_input', error instanceof Error ? error.message : String(error))
  }
  const rawPort = values.port ?? '0'
  const port = Number(rawPort)
  if (!/^\d+$/.test(rawPort) || port > 65535)
    throw new AppError(
      'invalid_input',
      `--port must be a number from 0 to 65535 (got “${rawPort}”).`,
    )
  const dataDir = values['data-dir']
  if (dataDir !== undefined && dataDir.trim() === '')
    throw new AppError('invalid_input', '--data-dir needs a folder path.')
  const rawEntries = values['sandbox-entries']
  if (rawEntries !== undefined && (!/^\d+$/.test(rawEntries) || Number(rawEntries) < 1))
    throw new AppError(
      'invalid_input',
      `--sandbox-entries must be a whole number of at least 1 (got “${rawEntries}”).`,
    )
  return {
    port,
    sandboxEntries: rawEntries === undefined ? undefined : Number(rawEntries),
    dataDir: dataDir === undefined ? undefined : resolve(dataDir),
    open: !values['no-open'],
    help: values.help,
  }
}
