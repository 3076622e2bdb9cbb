import { AppError } from '../../../shared/errors'
import { CURRENT_SCHEMA_VERSION } from './schema'

export type RawDoc = Record<string, unknown>

/** One step: turns a document of version `to - 1` into version `to`. Pure; never touches I/O. */
export interface Migration {
  to: number
  description: string
  migrate(doc: RawDoc): RawDoc
}

/**
 * Every migration the app knows, in order. Append only: a released step is never edited,
 * because files it already produced exist on users' disks.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    to: 1,
    description:
      'First versioned layout: appearance, user server profiles and the active server. ' +
      'Unversioned files were only written by pre-release builds and hold nothing to keep.',
    migrate: () => ({
      appearance: { theme: 'system' },
      servers: { profiles: [], activeServerId: 'nomad-public' },
    }),
  },
]

/** Fails fast when the list is not the contiguous sequence 1, 2, …, target. */
export function assertMigrationsOrdered(migrations: readonly Migration[], target: number): void {
  migrations.forEach((migration, index) => {
    if (migration.to !== index + 1)
      throw new AppError(
        'internal',
        `Settings migration #${index} goes to version ${migration.to}; expected ${index + 1}.`,
      )
  })
  const last = migrations.at(-1)?.to ?? 0
  if (last !== target)
    throw new AppError(
      'internal',
      `Settings migrations end at version ${last} but the schema is version ${target}.`,
    )
}

/** Reads a document's version; files without one are version 0. */
export function versionOf(doc: RawDoc): number {
  const version = doc.schemaVersion
  if (version === undefined) return 0
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
    throw new AppError(
      'invalid_input',
      `The settings file has an invalid schemaVersion (${JSON.stringify(version)}).`,
    )
  return version
}

/**
 * Applies, in order, every migration above the document's version up to `target`, stamping
 * schemaVersion after each step. A document from a newer app version is refused, not
 * downgraded: writing it back would destroy what that version stored.
 */
export function runMigrations(
  doc: RawDoc,
  migrations: readonly Migration[] = MIGRATIONS,
  target: number = CURRENT_SCHEMA_VERSION,
): { doc: RawDoc; from: number; applied: number[] } {
  assertMigrationsOrdered(migrations, target)
  const from = versionOf(doc)
  if (from > target)
    throw new AppError(
      'conflict',
      `The settings file was written by a newer NOMAD Desktop (settings version ${from}; this version understands up to ${target}). Update the app, or start it with another data folder.`,
    )
  let current = doc
  const applied: number[] = []
  for (const migration of migrations) {
    if (migration.to <= from) continue
    current = { ...migration.migrate(current), schemaVersion: migration.to }
    applied.push(migration.to)
  }
  return { doc: current, from, applied }
}
