import picomatch from 'picomatch'
import type { PlanProblem } from '../../../shared/ipc/channels/downloads'

/** Include/exclude globs over the path a file gets below the destination ("<upload id>/<path>"). */
export interface GlobFilter {
  /** True when the file is fetched: it matches an include (or there are none) and no exclude. */
  accepts(rel: string): boolean
  /** Problems to say before start: a glob that matches none of the known files. */
  problems(rels: readonly string[]): PlanProblem[]
}

const OPTIONS = { dot: true } as const

/** Compiles the globs with picomatch; `*` stays within one folder, `**` crosses folders. */
export function compileGlobs(include: readonly string[], exclude: readonly string[]): GlobFilter {
  const includes = include.map((glob) => ({ glob, test: picomatch(glob, OPTIONS) }))
  const excludes = exclude.map((glob) => ({ glob, test: picomatch(glob, OPTIONS) }))
  return {
    accepts(rel) {
      if (includes.length > 0 && !includes.some((g) => g.test(rel))) return false
      return !excludes.some((g) => g.test(rel))
    },
    problems(rels) {
      const problems: PlanProblem[] = []
      if (rels.length === 0) return problems
      for (const [field, list] of [
        ['include', includes],
        ['exclude', excludes],
      ] as const)
        for (const { glob, test } of list)
          if (!rels.some((rel) => test(rel)))
            problems.push({
              field,
              severity: field === 'include' ? 'error' : 'warning',
              message: `The pattern "${glob}" matches none of the ${rels.length} files of this job (paths look like "${rels[0] ?? ''}").`,
            })
      if (includes.length > 0 && problems.length === 0 && !rels.some((rel) => this.accepts(rel)))
        problems.push({
          field: 'exclude',
          severity: 'error',
          message: 'The exclude patterns remove every file the include patterns keep.',
        })
      return problems
    },
  }
}
