import { redactText, redactValue } from './redact'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

/** One log entry, already redacted when a sink sees it. */
export interface LogRecord {
  time: string
  level: LogLevel
  name: string
  message: string
  fields?: Record<string, unknown>
}

export interface LogSink {
  write(record: LogRecord): void
}

/**
 * A named logger; `child('servers')` on 'core' logs as 'core/servers'. Every message and field
 * is redacted before it reaches the sink, so callers cannot leak a token by accident.
 */
export interface Logger {
  readonly name: string
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  child(name: string): Logger
}

/** Formats a record as one line: time, level, name, message, then the fields as JSON. */
export function formatRecord(record: LogRecord): string {
  const fields = record.fields ? ` ${JSON.stringify(record.fields)}` : ''
  return `${record.time} ${record.level.toUpperCase().padEnd(5)} ${record.name}: ${record.message}${fields}`
}

/** Writes lines to stderr, keeping stdout free for what a CLI prints on purpose. */
export const stderrSink: LogSink = {
  write(record) {
    process.stderr.write(`${formatRecord(record)}\n`)
  },
}

/** Collects records in memory; for tests and for showing recent log lines in the UI later. */
export function createMemorySink(): LogSink & { records: LogRecord[] } {
  const records: LogRecord[] = []
  return { records, write: (record) => records.push(record) }
}

export interface LoggerOptions {
  name?: string
  level?: LogLevel
  sink?: LogSink
  now?: () => Date
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const sink = options.sink ?? stderrSink
  const minimum = LEVEL_ORDER[options.level ?? 'info']
  const now = options.now ?? (() => new Date())

  const make = (name: string): Logger => {
    const log =
      (level: LogLevel) =>
      (message: string, fields?: Record<string, unknown>): void => {
        if (LEVEL_ORDER[level] < minimum) return
        const record: LogRecord = {
          time: now().toISOString(),
          level,
          name,
          message: redactText(message),
        }
        if (fields !== undefined) record.fields = redactValue(fields) as Record<string, unknown>
        sink.write(record)
      }
    return {
      name,
      debug: log('debug'),
      info: log('info'),
      warn: log('warn'),
      error: log('error'),
      child: (childName) => make(name === '' ? childName : `${name}/${childName}`),
    }
  }
  return make(options.name ?? '')
}

/** A logger that drops everything; the default where a caller passes none. */
export const silentLogger: Logger = createLogger({ sink: { write: () => undefined } })
