/**
 * Joins a server-given relative path (a zip entry, a raw file's path) under a local root, or
 * refuses it with a message that names the offending segment and the rule it breaks. The rules
 * are the same on every platform, so a listing that downloads on Linux also downloads on Windows;
 * docs/storage.md lists them with examples.
 */
import nodePath, { type PlatformPath } from 'node:path'
import { AppError } from '../../../shared/errors'

/** The longest name most file systems accept (ext4, APFS, NTFS count 255 bytes or units). */
export const MAX_SEGMENT_BYTES = 255
/** The longest joined path: PATH_MAX on macOS, the smallest among the desktop platforms. */
export const MAX_PATH_BYTES = 1024

const SEPARATORS = /[\\/]/
const DRIVE = /^[A-Za-z]:/
// C0 controls, DEL and C1 controls: never part of a real file name, and NUL truncates in C APIs.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u
// Windows opens the device instead of a file for these, whatever the extension or case.
const RESERVED = /^(?:CON|PRN|AUX|NUL|COM[1-9¹²³]|LPT[1-9¹²³]|CONIN\$|CONOUT\$) *(?:\..*)?$/i
const TRAILING_DOT_OR_SPACE = /[. ]$/

/** The absolute path of `relative` under `root`; throws AppError invalid_input when unsafe. */
export function safeJoin(root: string, relative: string): string {
  return safeJoinWith(nodePath, root, relative)
}

/** safeJoin with an explicit path flavour (path.posix, path.win32), so both can be tested anywhere. */
export function safeJoinWith(path: PlatformPath, root: string, relative: string): string {
  const segments = checkRelative(relative)
  const base = path.resolve(root)
  // One joined argument: resolve() must never see a segment at the start of an argument.
  const target = path.resolve(base, segments.join(path.sep))
  const bytes = Buffer.byteLength(target, 'utf8')
  if (bytes > MAX_PATH_BYTES)
    throw refusal(
      relative,
      `is ${bytes} bytes long once joined to the folder, over the limit of ${MAX_PATH_BYTES}`,
    )
  const inside = path.relative(base, target)
  if (
    inside === '' ||
    inside === '..' ||
    inside.startsWith(`..${path.sep}`) ||
    path.isAbsolute(inside)
  )
    throw refusal(relative, 'does not resolve to a path inside the folder')
  return target
}

/** The segments of a safe relative path; throws for the first rule it breaks. */
function checkRelative(relative: string): string[] {
  if (relative === '') throw refusal(relative, 'is empty')
  if (/^[\\/]{2}/.test(relative))
    throw refusal(relative, 'is a UNC or device path (\\\\server\\share, \\\\?\\)')
  if (/^[\\/]/.test(relative)) throw refusal(relative, 'is absolute')
  if (DRIVE.test(relative)) throw refusal(relative, 'starts with a drive letter')
  const segments = relative.split(SEPARATORS)
  for (const segment of segments) {
    const rule = brokenRule(segment)
    if (rule !== undefined)
      throw refusal(
        relative,
        segment === '' ? rule : `has segment ${quote(segment)}, which ${rule}`,
      )
  }
  return segments
}

function brokenRule(segment: string): string | undefined {
  if (segment === '') return 'has an empty segment (a doubled or trailing separator)'
  if (segment === '..') return 'refers to the parent folder'
  if (segment === '.') return 'refers to the current folder'
  const control = CONTROL.exec(segment)
  if (control) return `contains the control character U+${codePoint(control[0])}`
  if (DRIVE.test(segment)) return 'starts with a drive letter'
  if (RESERVED.test(segment))
    return 'is a device name on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension)'
  if (TRAILING_DOT_OR_SPACE.test(segment))
    return 'ends with a dot or a space, which Windows drops from names'
  const bytes = Buffer.byteLength(segment, 'utf8')
  if (bytes > MAX_SEGMENT_BYTES)
    return `is ${bytes} bytes long in UTF-8, over the limit of ${MAX_SEGMENT_BYTES}`
  return undefined
}

function refusal(relative: string, rule: string): AppError {
  return new AppError('invalid_input', `The file path ${quote(relative)} was refused: it ${rule}.`)
}

/** JSON quoting shows control characters as escapes; long names are cut to stay readable. */
function quote(text: string): string {
  const shown = text.length > 80 ? `${text.slice(0, 60)}…${text.slice(-10)}` : text
  return JSON.stringify(shown)
}

function codePoint(char: string): string {
  return (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
}
