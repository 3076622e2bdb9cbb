/**
 * A busy client machine for the benchmarks: child processes that spin on one core each until
 * stopped, so the client shares the CPU the way it does beside a build or a browser.
 */
import { spawn } from 'node:child_process'

export async function withCpuHog<T>(cores: number, run: () => Promise<T>): Promise<T> {
  const hogs = Array.from({ length: cores }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  )
  try {
    return await run()
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL')
  }
}
