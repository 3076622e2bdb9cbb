/**
 * CPU time (user + system) a Node program spends until it prints a line: the start-up bench's
 * figure that a busy machine does not inflate the way it inflates wall-clock time (four other
 * jobs on two cores stretch a 0.5 s start to 1.5 s of waiting for a core). A preloaded module
 * watches stdout and, at the first matching line, reports process.cpuUsage() and exits.
 */
import { spawn } from 'node:child_process'

const hook = (pattern: RegExp) =>
  `data:text/javascript,${encodeURIComponent(`
const write = process.stdout.write.bind(process.stdout)
let done = false
process.stdout.write = (chunk, ...rest) => {
  if (!done && ${pattern.toString()}.test(String(chunk))) {
    done = true
    const u = process.cpuUsage()
    process.stderr.write('CPU_MS ' + (u.user + u.system) / 1000 + '\\n')
    setTimeout(() => process.exit(0), 0)
  }
  return write(chunk, ...rest)
}`)}`

/** Runs `node <args>` until a stdout line matches `pattern`; resolves with its CPU time (ms). */
export function cpuToLine(args: string[], pattern: RegExp, cwd: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', hook(pattern), ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.resume()
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((done, fail) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.once('exit', () => {
      clearTimeout(timer)
      const match = /CPU_MS (\d+(?:\.\d+)?)/.exec(stderr)
      if (match?.[1]) done(Number(match[1]))
      else fail(new Error(`node ${args.join(' ')} printed no line matching ${pattern}.\n${stderr}`))
    })
  })
}
