import type { AppError } from '../../../shared/errors'
import { checkServerUrl } from '../../../shared/ipc/models/server-url'

/**
 * Client-side checks for the add/edit form, mirroring the contract's schema so mistakes show
 * while typing. Main or the host checks again; their answer (e.g. a duplicate name) is mapped
 * onto the same fields by errorsFromAppError.
 */
export interface ServerFormValues {
  name: string
  baseUrl: string
  note: string
}
export type ServerFormErrors = Partial<Record<keyof ServerFormValues, string>>

export const NAME_MAX = 80
export const NOTE_MAX = 500

export function validateName(name: string): string | undefined {
  const trimmed = name.trim()
  if (trimmed === '') return 'Give the server a name, e.g. “Group Oasis”.'
  if (trimmed.length > NAME_MAX) return `Keep the name under ${NAME_MAX} characters.`
  return undefined
}

export function validateUrl(baseUrl: string): string | undefined {
  const check = checkServerUrl(baseUrl)
  return check.ok ? undefined : check.message
}

export function validateNote(note: string): string | undefined {
  return note.trim().length > NOTE_MAX ? `Keep the note under ${NOTE_MAX} characters.` : undefined
}

export function validateServerForm(values: ServerFormValues): ServerFormErrors {
  const errors: ServerFormErrors = {}
  const name = validateName(values.name)
  const baseUrl = validateUrl(values.baseUrl)
  const note = validateNote(values.note)
  if (name) errors.name = name
  if (baseUrl) errors.baseUrl = baseUrl
  if (note) errors.note = note
  return errors
}

const FIELDS: readonly (keyof ServerFormValues)[] = ['name', 'baseUrl', 'note']

/** Puts a refusal from main/the host on the field it names (details.path), if any. */
export function errorsFromAppError(error: AppError): {
  field?: keyof ServerFormValues
  message: string
} {
  const first = error.details?.path?.[0]
  const field = FIELDS.find((f) => f === first)
  // The router prefixes "Invalid input for servers.add: baseUrl: "; the field label says that.
  const message = field
    ? error.message.replace(/^Invalid input for [\w.]+: \w+: /, '')
    : error.message
  return field ? { field, message } : { message }
}
