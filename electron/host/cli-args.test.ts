import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCliArgs } from './cli-args'
import { defaultDataDir } from './data-dir'
import { browserOpener } from './open-browser'

describe('parseCliArgs', () => {
  it('defaults to a random port, the OS data folder and opening a browser', () => {
    expect(parseCliArgs([])).toEqual({
      port: 0,
      dataDir: undefined,
      open: true,
      help: false,
      sandboxEntries: undefined,
      logLevel: 'info',
    })
  })
  it('reads --port, --data-dir and --no-open', () => {
    expect(parseCliArgs(['--port', '8123', '--data-dir', 'tmp/x', '--no-open'])).toEqual({
      port: 8123,
      dataDir: resolve('tmp/x'),
      open: false,
      help: false,
      sandboxEntries: undefined,
      logLevel: 'info',
    })
  })
  it('reads --sandbox-entries as a positive whole number', () => {
    expect(parseCliArgs(['--sandbox-entries', '20000']).sandboxEntries).toBe(20000)
    expect(() => parseCliArgs(['--sandbox-entries', '0'])).toThrow(
      '--sandbox-entries must be a whole number of at least 1 (got “0”).',
    )
    expect(() => parseCliArgs(['--sandbox-entries', 'many'])).toThrow('got “many”')
  })
  it('reads --log-level, else NOMAD_LOG_LEVEL, else info', () => {
    expect(parseCliArgs(['--log-level', 'debug']).logLevel).toBe('debug')
    expect(parseCliArgs([], { NOMAD_LOG_LEVEL: 'warn' }).logLevel).toBe('warn')
    expect(parseCliArgs(['--log-level', 'error'], { NOMAD_LOG_LEVEL: 'debug' }).logLevel).toBe(
      'error',
    )
    expect(() => parseCliArgs(['--log-level', 'trace'])).toThrow(
      '--log-level must be one of debug, info, warn, error (got “trace”).',
    )
    expect(() => parseCliArgs([], { NOMAD_LOG_LEVEL: 'loud' })).toThrow('NOMAD_LOG_LEVEL must be')
  })
  it('reads NOMAD_DOWNLOAD_RETRY (attempts, first backoff) and names a bad one', () => {
    expect(parseCliArgs([]).downloadRetry).toBeUndefined()
    expect(parseCliArgs([], { NOMAD_DOWNLOAD_RETRY: '2,50' }).downloadRetry).toEqual({
      attempts: 2,
      firstDelayMs: 50,
    })
    expect(() => parseCliArgs([], { NOMAD_DOWNLOAD_RETRY: '0,50' })).toThrow(
      'NOMAD_DOWNLOAD_RETRY must be “<attempts of at least 1>,<first backoff in ms>”, e.g. 2,50 (got “0,50”).',
    )
    expect(() => parseCliArgs([], { NOMAD_DOWNLOAD_RETRY: 'fast' })).toThrow('got “fast”')
  })
  it('names the bad value', () => {
    expect(() => parseCliArgs(['--port', 'abc'])).toThrow(
      '--port must be a number from 0 to 65535 (got “abc”).',
    )
    expect(() => parseCliArgs(['--port', '70000'])).toThrow('got “70000”')
    expect(() => parseCliArgs(['--data-dir', ' '])).toThrow('--data-dir needs a folder path.')
    expect(() => parseCliArgs(['--colour'])).toThrow(/colour/)
  })
})

describe('defaultDataDir', () => {
  it('follows each OS convention', () => {
    expect(defaultDataDir('linux', {}, '/home/ada')).toBe('/home/ada/.config/NOMAD Desktop')
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ada')).toBe(
      '/xdg/NOMAD Desktop',
    )
    expect(defaultDataDir('darwin', {}, '/Users/ada')).toBe(
      '/Users/ada/Library/Application Support/NOMAD Desktop',
    )
    expect(
      defaultDataDir('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'C:\\Users\\ada'),
    ).toBe('C:\\Users\\ada\\AppData\\Roaming\\NOMAD Desktop')
  })
})

describe('browserOpener', () => {
  it('uses open on macOS, start on Windows, and nothing on a Linux box without a display', () => {
    expect(browserOpener('darwin', {})?.command).toBe('open')
    expect(browserOpener('win32', {})?.args('http://x')).toEqual(['/c', 'start', '""', 'http://x'])
    expect(browserOpener('linux', { PATH: '/usr/bin' })).toBeNull()
  })
})
