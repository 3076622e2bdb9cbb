import type { SandboxLimits } from '../context'
import { DEMO_ACCOUNTS } from '../data/users'
import type { FaultOptions } from '../options'

/** The start-up text: where the API is, which limits apply, who can log in. */
export interface BannerInput {
  baseUrl: string
  dataDir?: string | undefined
  limits: SandboxLimits
  faults: FaultOptions
  entries: number
  uploads: number
}

const off = (value: number | null, unit: string) => (value === null ? 'off' : `${value} ${unit}`)
const days = (seconds: number) => Math.round((seconds / 86_400) * 10) / 10

export function banner({
  baseUrl,
  dataDir,
  limits,
  faults,
  entries,
  uploads,
}: BannerInput): string {
  const activeFaults = Object.entries(faults)
    .filter(([key, value]) => key.endsWith('Rate') && typeof value === 'number' && value > 0)
    .map(([key, value]) => `${key}=${String(value)}`)
  if (faults.latencyMs > 0 || faults.latencyJitterMs > 0) {
    activeFaults.push(`latency=${faults.latencyMs}+${faults.latencyJitterMs}ms`)
  }
  const lines = [
    `NOMAD sandbox: ${entries} entries in ${uploads} uploads`,
    `  API        ${baseUrl}`,
    `  dashboard  ${baseUrl}/extensions/docs`,
    'Limits',
    `  rate             ${off(limits.rate, 'requests/s per IP')}${limits.burst ? ` (burst ${limits.burst})` : ' (strict)'}`,
    `  concurrency      ${off(limits.concurrency, 'requests in progress per IP')}`,
    `  503 Retry-After  ${limits.retryAfter ? 'sent' : 'not sent (as nginx)'}`,
    `  page size        ${limits.maxPageSize} (metadata), ${limits.maxArchivePageSize} (archives)`,
    `  zip download     ${limits.maxEntryDownload} entries`,
    `  tokens           app tokens up to ${days(limits.appTokenMaxExpiresIn)} days; ` +
      `PATs up to ${limits.patMaxLifetimeDays} days, ${limits.patMaxActive} active per user; ` +
      `sign-in ${Math.round(limits.accessTokenLifetimeSeconds / 60)} min`,
    `Faults: ${activeFaults.length > 0 ? activeFaults.join(', ') : 'none'}`,
    `State: ${dataDir ? `saved in ${dataDir}` : 'in memory only (--data-dir to keep tokens, groups, members)'}`,
    'Demo accounts (username / password, user id, role)',
    ...DEMO_ACCOUNTS.filter((a) => a.role !== 'community').map(
      (a) =>
        `  ${a.username.padEnd(8)} ${a.password.padEnd(15)} ${a.user_id}  ${a.name} (${a.role})`,
    ),
    `  ${DEMO_ACCOUNTS.filter((a) => a.role === 'community')
      .map((a) => a.username)
      .join(', ')}: password "community"`,
  ]
  return lines.join('\n')
}
