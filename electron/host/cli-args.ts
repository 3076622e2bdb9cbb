import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { AppError } from '../../shared/errors'
import type { LogLevel } from '../core/logging'

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

export interface CliArgs {
  port: number
  dataDir: string | undefined
  open: boolean
  help: boolean
  /** Entries the Local sandbox generates (its first start only: they are kept in the data dir). */
  sandboxEntries: number | undefined
  /** The least severe level written to stderr (default info). */
  logLevel: LogLevel
  /** NOMAD_DOWNLOAD_RETRY (tests): attempts of a download unit and its first backoff. */
  downloadRetry: { attempts: number; firstDelayMs: number } | undefined
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
  --log-level <level>
                    debug, info (default), warn or error; secrets are redacted at
                    every level
  -h, --help        Show this help

Environment:
  NOMAD_VAULT_PASSPHRASE
                    Unlocks the token vault at start (creates it on first use), for
                    automation; without it the Tokens screen asks for the passphrase
  NOMAD_LOG_LEVEL   The log level when --log-level is not given
  NOMAD_DOWNLOAD_RETRY
                    <attempts>,<first backoff ms> of a download unit (default 6,500);
                    tests shorten it to see failed items at once`

/**
 * Parses the web host's command line (and NOMAD_LOG_LEVEL from `env`); a bad value is an
 * invalid_input AppError naming it.
 */
export function parseCliArgs(
  argv: string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliArgs {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-open': { type: 'boolean', default: false },
        'sandbox-entries': { type: 'string' },
        'log-level': { type: 'string' },
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
  const logLevel = values['log-level'] ?? env.NOMAD_LOG_LEVEL ?? 'info'
  if (!LOG_LEVELS.includes(logLevel as LogLevel))
    throw new AppError(
      'invalid_input',
      `${values['log-level'] === undefined ? 'NOMAD_LOG_LEVEL' : '--log-level'} must be one of ${LOG_LEVELS.join(', ')} (got “${logLevel}”).`,
    )
  return {
    port,
    logLevel: logLevel as LogLevel,
    downloadRetry: parseDownloadRetry(env.NOMAD_DOWNLOAD_RETRY),
    sandboxEntries: rawEntries === undefined ? undefined : Number(rawEntries),
    dataDir: dataDir === undefined ? undefined : resolve(dataDir),
    open: !values['no-open'],
    help: values.help,
  }
}

function parseDownloadRetry(raw: string | undefined): CliArgs['downloadRetry'] {
  if (raw === undefined) return undefined
  const match = /^(\d+),(\d+)$/.exec(raw.trim())
  const attempts = Number(match?.[1])
  if (match === null || attempts < 1)
    throw new AppError(
      'invalid_input',
      `NOMAD_DOWNLOAD_RETRY must be “<attempts of at least 1>,<first backoff in ms>”, e.g. 2,50 (got “${raw}”).`,
    )
  return { attempts, firstDelayMs: Number(match[2]) }
}
