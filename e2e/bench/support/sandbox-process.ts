/**
 * Child-process entry of a benchmark sandbox (see sandbox-child.ts): the server gets its own
 * event loop, so the client under test and the server never delay each other's timers.
 * Options arrive as JSON in BENCH_SANDBOX_OPTIONS; commands arrive as IPC messages.
 */
import { startSandbox, type SandboxOptions } from '../../../electron/sandbox'
import type { ChildCommand, ChildReply } from './sandbox-child'

const options = JSON.parse(process.env.BENCH_SANDBOX_OPTIONS ?? '{}') as SandboxOptions
const sandbox = await startSandbox({ ...options, quiet: true, host: '127.0.0.1', port: 0 })

function reply(message: ChildReply): void {
  process.send?.(message)
}

process.on('message', (raw) => {
  const command = raw as ChildCommand
  switch (command.type) {
    case 'setLimits':
      sandbox.setLimits(command.patch)
      return reply({ id: command.id, value: null })
    case 'setFaults':
      sandbox.setFaults(command.patch)
      return reply({ id: command.id, value: null })
    case 'stats':
      return reply({ id: command.id, value: sandbox.stats() })
    case 'resetStats':
      sandbox.resetStats()
      return reply({ id: command.id, value: null })
    case 'close':
      void sandbox.close().then(() => {
        reply({ id: command.id, value: null })
        process.exit(0)
      })
      return
  }
})

reply({ id: 0, value: { baseUrl: sandbox.baseUrl } })
