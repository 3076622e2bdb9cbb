import { describe, expect, it } from 'vitest'
import { CliError, parseCliArgs } from './cli-args'

describe('parseCliArgs', () => {
  it('maps the documented flags to options', () => {
    const options = parseCliArgs([
      '--port',
      '8000',
      '--entries',
      '5000',
      '--rate',
      '30',
      '--burst',
      '5',
      '--concurrency',
      '10',
      '--retry-after',
      '--large-file-mb',
      '2',
      '--fail-502',
      '0.1',
      '--fault-path',
      '^/entries',
      '--data-dir',
      '/tmp/x',
      '--base-path',
      '/fairdi/nomad/latest/api/v1',
    ])
    expect(options.port).toBe(8000)
    expect(options.entries).toBe(5000)
    expect(options.limits).toEqual({ rate: 30, burst: 5, concurrency: 10, retryAfter: true })
    expect(options.largeFileBytes).toBe(2 * 1024 * 1024)
    expect(options.faults).toEqual({ error502Rate: 0.1, pathPattern: '^/entries' })
    expect(options.dataDir).toBe('/tmp/x')
    expect(options.basePath).toBe('/fairdi/nomad/latest/api/v1')
  })

  it('takes token limits in days and minutes and hands them on in seconds', () => {
    const options = parseCliArgs([
      '--app-token-max-days',
      '2',
      '--pat-max-days',
      '7',
      '--pat-max-active',
      '3',
      '--access-token-minutes',
      '1',
    ])
    expect(options.limits).toEqual({
      appTokenMaxExpiresIn: 172_800,
      patMaxLifetimeDays: 7,
      patMaxActive: 3,
      accessTokenLifetimeSeconds: 60,
    })
    expect(() => parseCliArgs(['--pat-max-active', '0'])).toThrow(
      /--pat-max-active must be a number between 1 and 100000, got "0"/,
    )
  })

  it('adds the download-test fixtures only when asked', () => {
    expect(parseCliArgs([]).fixtures).toBeUndefined()
    expect(parseCliArgs(['--hostile-upload', '--big-file-mib', '2048']).fixtures).toEqual({
      hostileNames: true,
      bigFileBytes: 2048 * 1024 * 1024,
    })
    expect(
      parseCliArgs(['--recorded-archives', '--big-archive-mib', '50', '--eln-entries', '12'])
        .fixtures,
    ).toEqual({ recordedArchives: true, bigArchiveBytes: 50 * 1024 * 1024, elnEntries: 12 })
    expect(parseCliArgs(['--long-trajectory-steps', '100000']).fixtures).toEqual({
      longTrajectorySteps: 100_000,
    })
    expect(() => parseCliArgs(['--big-file-mib', 'lots'])).toThrow(
      /--big-file-mib must be a number/,
    )
  })

  it('turns limits off with "off"', () => {
    expect(parseCliArgs(['--rate', 'off', '--concurrency', 'off']).limits).toEqual({
      rate: null,
      concurrency: null,
    })
  })

  it('rejects bad numbers, unknown flags and bad patterns with a message', () => {
    expect(() => parseCliArgs(['--entries', 'many'])).toThrow(CliError)
    expect(() => parseCliArgs(['--fail-502', '2'])).toThrow(/between 0 and 1/)
    expect(() => parseCliArgs(['--frobnicate'])).toThrow(CliError)
    expect(() => parseCliArgs(['--fault-path', '('])).toThrow(/regular expression/)
  })
})
