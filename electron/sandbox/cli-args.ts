import { parseArgs } from 'node:util'
import type { SandboxLimits } from './context'
import type { FaultOptions, SandboxOptions } from './options'

/**
 * `npm run sandbox -- --port 8000 --entries 5000 --rate 30 --concurrency 10 ...`: flags to
 * SandboxOptions. Numbers are validated; `off` disables the rate or concurrency limit.
 */

export const USAGE = `Usage: npm run sandbox -- [options]

Server
  --host <ip>                 listen address (127.0.0.1)
  --port <n>                  port, 0 = any free port (8000)
  --base-path <path>          API base path (/api/v1)
  --data-dir <dir>            persist tokens, groups, upload edits and actions here (default: memory)
Data
  --entries <n>               generated entries (2000)
  --uploads <n>               uploads (default: about one per 33 entries)
  --seed <n>                  data seed (1); same seed, same data
  --revised                   serve the data's second revision: one upload published, one
                              withdrawn, every fifth entry's comment revised (sync tests)
  --large-file-mb <n>         size of the large binary raw files in MiB (64)
  --hostile-upload            add the upload HostileNamesUpload0001 with hostile file names
                              (../x, /etc/abs, CON, a NUL byte…) for download tests
  --big-file-mib <n>          add the upload BigFileUpload000000001 with one file big.bin of
                              n MiB, generated on the fly (off)
  --big-archive-mib <n>       add the upload BigArchiveUpload000001 with one VASP entry whose
                              archive is about n MiB (SCF steps, DOS, band structure) (off)
  --long-trajectory-steps <n> add the upload LongTrajectoryUpload01 with one CP2K MD entry whose
                              run[0].calculation holds n small sections (off; 100000 for
                              the archive viewer's big-list proof)
  --eln-entries <n>           add the upload ElnExamplesUpload00001 with n generated ELN entries
                              (a schema with definitions, instruments, samples with data) (off)
  --recorded-archives         serve the recorded real archives as entries of their own, with
                              their ids (uploads archive_browser_test, eln_upload_id,
                              references_upload_id1, dft_upload; owned by lena)
Limits
  --rate <n|off>              requests per second per IP (30)
  --burst <n>                 extra requests allowed at once, nginx burst=N nodelay (0)
  --concurrency <n|off>       requests in progress per IP (10)
  --retry-after               send Retry-After on 503s (the real proxy does not)
  --max-page-size <n>         metadata page size limit (1000)
  --max-archive-page-size <n> archive page size limit (100)
  --max-entry-download <n>    entries per zip download (50000)
  --processing-ms <n>         how long publishing, reprocessing… report running (2500)
  --app-token-max-days <n>    longest app token /auth/app_token grants (30)
  --pat-max-days <n>          longest personal access token lifetime (365)
  --pat-max-active <n>        active personal access tokens per user (50)
  --access-token-minutes <n>  lifetime of a signed-in access token (5)
Faults (rates are shares of requests, 0..1)
  --latency <ms>              fixed added latency
  --latency-jitter <ms>       random extra latency up to this
  --fail-502 <rate>           answer 502 Bad Gateway
  --fail-504 <rate>           answer 504 Gateway Time-out
  --reset-rate <rate>         reset the connection after --reset-after bytes (1024)
  --stall-rate <rate>         pause --stall-ms (5000) after --stall-after bytes (1024)
  --trickle-rate <rate>       after --trickle-after bytes (1024), send --trickle-bytes (64)
                              every --trickle-ms (500)
  --truncate-rate <rate>      cut JSON bodies short
  --malformed-rate <rate>     corrupt JSON bodies
  --truncate-zip-rate <rate>  end zips where their central directory would begin
  --corrupt-zip-rate <rate>   flip a byte of the first file in zips (CRC mismatch)
  --fault-path <regex>        only paths (after the base path) matching this get faults
  --fault-seed <n>            seed of the fault dice
Other
  --quiet                     no banner
  --help`

export class CliError extends Error {}

function number(
  name: string,
  text: string | undefined,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new CliError(`--${name} must be a number between ${min} and ${max}, got "${text}"`)
  }
  return value
}

function limitOrOff(name: string, text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined
  if (text === 'off' || text === '0') return null
  return number(name, text, 0.001)
}

const STRING_FLAGS = [
  'host',
  'port',
  'base-path',
  'data-dir',
  'entries',
  'uploads',
  'seed',
  'large-file-mb',
  'big-file-mib',
  'big-archive-mib',
  'long-trajectory-steps',
  'eln-entries',
  'rate',
  'burst',
  'concurrency',
  'max-page-size',
  'max-archive-page-size',
  'max-entry-download',
  'processing-ms',
  'app-token-max-days',
  'pat-max-days',
  'pat-max-active',
  'access-token-minutes',
  'latency',
  'latency-jitter',
  'fail-502',
  'fail-504',
  'reset-rate',
  'reset-after',
  'stall-rate',
  'stall-ms',
  'stall-after',
  'trickle-rate',
  'trickle-after',
  'trickle-bytes',
  'trickle-ms',
  'truncate-rate',
  'malformed-rate',
  'truncate-zip-rate',
  'corrupt-zip-rate',
  'fault-path',
  'fault-seed',
] as const

export function parseCliArgs(argv: string[]): SandboxOptions & { help: boolean } {
  const options = Object.fromEntries(
    STRING_FLAGS.map((flag) => [flag, { type: 'string' as const }]),
  )
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        ...options,
        'retry-after': { type: 'boolean' },
        'hostile-upload': { type: 'boolean' },
        'recorded-archives': { type: 'boolean' },
        revised: { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    })
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error))
  }
  const v = parsed.values as Record<string, string | boolean | undefined>
  const s = (name: string) => (typeof v[name] === 'string' ? v[name] : undefined)
  const limits: Partial<SandboxLimits> = {}
  const rate = limitOrOff('rate', s('rate'))
  if (rate !== undefined) limits.rate = rate
  const concurrency = limitOrOff('concurrency', s('concurrency'))
  if (concurrency !== undefined)
    limits.concurrency = concurrency === null ? null : Math.floor(concurrency)
  const limitNumbers: [string, keyof SandboxLimits, number][] = [
    ['burst', 'burst', 0],
    ['max-page-size', 'maxPageSize', 1],
    ['max-archive-page-size', 'maxArchivePageSize', 1],
    ['max-entry-download', 'maxEntryDownload', 1],
    ['processing-ms', 'processingMs', 0],
  ]
  for (const [flag, key, min] of limitNumbers) {
    const value = number(flag, s(flag), min)
    if (value !== undefined) Object.assign(limits, { [key]: Math.floor(value) })
  }
  // Token limits are given in the units people think in; the server counts seconds.
  const appTokenDays = number('app-token-max-days', s('app-token-max-days'), 1, 36_500)
  if (appTokenDays !== undefined) limits.appTokenMaxExpiresIn = Math.floor(appTokenDays * 86_400)
  const patDays = number('pat-max-days', s('pat-max-days'), 1, 36_500)
  if (patDays !== undefined) limits.patMaxLifetimeDays = Math.floor(patDays)
  const patActive = number('pat-max-active', s('pat-max-active'), 1, 100_000)
  if (patActive !== undefined) limits.patMaxActive = Math.floor(patActive)
  const accessMinutes = number('access-token-minutes', s('access-token-minutes'), 1, 10_080)
  if (accessMinutes !== undefined)
    limits.accessTokenLifetimeSeconds = Math.floor(accessMinutes * 60)
  if (v['retry-after'] === true) limits.retryAfter = true
  const faults: Partial<FaultOptions> = {}
  const faultNumbers: [string, keyof FaultOptions, number, number][] = [
    ['latency', 'latencyMs', 0, 600_000],
    ['latency-jitter', 'latencyJitterMs', 0, 600_000],
    ['fail-502', 'error502Rate', 0, 1],
    ['fail-504', 'error504Rate', 0, 1],
    ['reset-rate', 'resetRate', 0, 1],
    ['reset-after', 'resetAfterBytes', 0, Number.MAX_SAFE_INTEGER],
    ['stall-rate', 'stallRate', 0, 1],
    ['stall-ms', 'stallMs', 0, 3_600_000],
    ['stall-after', 'stallAfterBytes', 0, Number.MAX_SAFE_INTEGER],
    ['trickle-rate', 'trickleRate', 0, 1],
    ['trickle-after', 'trickleAfterBytes', 0, Number.MAX_SAFE_INTEGER],
    ['trickle-bytes', 'trickleBytes', 1, Number.MAX_SAFE_INTEGER],
    ['trickle-ms', 'trickleIntervalMs', 1, 3_600_000],
    ['truncate-rate', 'truncateJsonRate', 0, 1],
    ['malformed-rate', 'malformedJsonRate', 0, 1],
    ['truncate-zip-rate', 'truncateZipRate', 0, 1],
    ['corrupt-zip-rate', 'corruptZipRate', 0, 1],
    ['fault-seed', 'seed', 0, 2 ** 32],
  ]
  for (const [flag, key, min, max] of faultNumbers) {
    const value = number(flag, s(flag), min, max)
    if (value !== undefined) Object.assign(faults, { [key]: value })
  }
  const faultPath = s('fault-path')
  if (faultPath !== undefined) {
    try {
      new RegExp(faultPath)
    } catch {
      throw new CliError(`--fault-path is not a valid regular expression: ${faultPath}`)
    }
    faults.pathPattern = faultPath
  }
  const result: SandboxOptions & { help: boolean } = { help: v.help === true, limits, faults }
  const host = s('host')
  if (host !== undefined) result.host = host
  result.port = number('port', s('port'), 0, 65535) ?? 8000
  const basePath = s('base-path')
  if (basePath !== undefined) result.basePath = basePath
  const dataDir = s('data-dir')
  if (dataDir !== undefined) result.dataDir = dataDir
  const entries = number('entries', s('entries'), 1, 10_000_000)
  if (entries !== undefined) result.entries = Math.floor(entries)
  const uploads = number('uploads', s('uploads'), 1, 10_000_000)
  if (uploads !== undefined) result.uploads = Math.floor(uploads)
  const seed = number('seed', s('seed'), 0, 2 ** 32)
  if (seed !== undefined) result.seed = Math.floor(seed)
  const largeMb = number('large-file-mb', s('large-file-mb'), 0, 1_000_000)
  if (largeMb !== undefined) result.largeFileBytes = Math.floor(largeMb * 1024 * 1024)
  const bigMib = number('big-file-mib', s('big-file-mib'), 0, 1_000_000)
  const bigArchiveMib = number('big-archive-mib', s('big-archive-mib'), 0, 4096)
  const eln = number('eln-entries', s('eln-entries'), 0, 10_000)
  const longSteps = number('long-trajectory-steps', s('long-trajectory-steps'), 0, 10_000_000)
  const fixtures = {
    ...(v['hostile-upload'] === true ? { hostileNames: true } : {}),
    ...(v['recorded-archives'] === true ? { recordedArchives: true } : {}),
    ...(bigArchiveMib ? { bigArchiveBytes: Math.floor(bigArchiveMib * 1024 * 1024) } : {}),
    ...(eln ? { elnEntries: Math.floor(eln) } : {}),
    ...(longSteps ? { longTrajectorySteps: Math.floor(longSteps) } : {}),
    ...(bigMib ? { bigFileBytes: Math.floor(bigMib * 1024 * 1024) } : {}),
  }
  if (Object.keys(fixtures).length > 0) result.fixtures = fixtures
  if (v.revised === true) result.revised = true
  if (v.quiet === true) result.quiet = true
  return result
}
