import { CliError, parseCliArgs, USAGE } from './cli-args'
import { startSandbox } from './index'

/** `npm run sandbox -- [options]`: runs the sandbox until Ctrl-C. */
async function main(): Promise<void> {
  let options
  try {
    options = parseCliArgs(process.argv.slice(2))
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`${error.message}\n\n${USAGE}`)
      process.exit(2)
    }
    throw error
  }
  if (options.help) {
    console.log(USAGE)
    return
  }
  const { help: _help, ...sandboxOptions } = options
  const sandbox = await startSandbox(sandboxOptions)
  const stop = () => {
    void sandbox.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
