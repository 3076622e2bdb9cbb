import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { shellQuote, toCurl } from '../../../shared/query/export'

// The curl generator is environment-neutral (shared/); that its quoting survives a real shell is
// checked here, where spawning sh is allowed. The e2e spec runs a generated command with curl.
const sh = (script: string) => execFileSync('sh', ['-c', script], { encoding: 'utf8' })

describe('copy as curl in a real shell', () => {
  it('shellQuote hands any text over byte for byte', () => {
    for (const text of ["it's", 'a "b" $HOME `x` \\ \n end', "''", '', 'ü 😀']) {
      expect(sh(`printf %s ${shellQuote(text)}`)).toBe(text)
    }
  })

  it('the -d argument reaches curl as the exact JSON body', () => {
    const query = { comment: 'it\'s "relaxed"\n$(rm -rf /)', 'results.material.elements': ['O'] }
    const command = toCurl({ baseUrl: 'http://x/api/v1', owner: 'public', query, auth: true })
    const body = /-d ('(?:[^']|'\\'')*')$/.exec(command)?.[1] ?? "''"
    expect(JSON.parse(sh(`printf %s ${body}`))).toEqual({ owner: 'public', query })
    // The placeholder is expanded by the shell, from the environment, never written out.
    const header = /-H ("Authorization: Bearer \$NOMAD_TOKEN")/.exec(command)?.[1] ?? '""'
    const expanded = execFileSync('sh', ['-c', `printf %s ${header}`], {
      encoding: 'utf8',
      env: { ...process.env, NOMAD_TOKEN: 'from-env' },
    })
    expect(expanded).toBe('Authorization: Bearer from-env')
  })
})
