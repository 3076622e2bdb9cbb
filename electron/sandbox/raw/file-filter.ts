import { badRequest } from '../http-error'

/**
 * The `files` options of zip downloads (models.py Files): `include_files` (exact file names)
 * overrides `re_pattern` (regex search on the path), which overrides `glob_pattern` (fnmatch
 * on the path or its file name).
 */
export interface FileFilterOptions {
  glob_pattern?: string | null | undefined
  re_pattern?: string | null | undefined
  include_files?: string[] | null | undefined
}

/** Python fnmatch translated to a RegExp (`*` crosses `/` as in fnmatch). */
export function globToRegExp(glob: string): RegExp {
  let out = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? ''
    if (c === '*') out += '.*'
    else if (c === '?') out += '.'
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1)
      if (end < 0) out += '\\['
      else {
        let set = glob.slice(i + 1, end)
        if (set.startsWith('!')) set = `^${set.slice(1)}`
        out += `[${set.replace(/\\/g, '\\\\')}]`
        i = end
      }
    } else out += c.replace(/[.+^${}()|\\/]/g, '\\$&')
  }
  return new RegExp(`^${out}$`, 's')
}

export function fileFilter(options: FileFilterOptions): (path: string) => boolean {
  const base = (path: string) => path.slice(path.lastIndexOf('/') + 1)
  if (options.include_files && options.include_files.length > 0) {
    const names = new Set(options.include_files)
    return (path) => names.has(base(path))
  }
  if (options.re_pattern) {
    let re: RegExp
    try {
      re = new RegExp(options.re_pattern)
    } catch {
      throw badRequest(`Invalid regular expression: ${options.re_pattern}`)
    }
    return (path) => re.test(path)
  }
  if (options.glob_pattern) {
    const re = globToRegExp(options.glob_pattern)
    return (path) => re.test(path) || re.test(base(path))
  }
  return () => true
}
