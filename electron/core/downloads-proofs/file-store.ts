import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { KeyValueStore } from '../settings/key-value'

/**
 * The kill tests' settings store (kill-runner.ts, offline's pin-kill-runner.ts): a child process
 * that is SIGKILLed and started again must find its server profiles on disk.
 */
/** Settings in one JSON file, replaced by rename so a kill leaves the old or the new one. */
export function fileStore(path: string): KeyValueStore {
  const data = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)
    : {}
  const save = () => {
    writeFileSync(`${path}.tmp`, JSON.stringify(data))
    renameSync(`${path}.tmp`, path)
  }
  return {
    get: (key) => structuredClone(data[key]),
    set: (key, value) => {
      data[key] = structuredClone(value)
      save()
    },
    delete: (key) => {
      delete data[key]
      save()
    },
  }
}
