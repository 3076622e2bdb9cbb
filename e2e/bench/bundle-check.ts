/**
 * The quick bundle-size check of `npm test` (a stage after `build`): fails when the JavaScript
 * the first screen needs grows past its budget, so a heavy import into the initial chunks (a
 * plotting or 3D library imported statically instead of with import()) cannot land unnoticed,
 * or when the first screen's code is spread over more files than its budget.
 * Prints the largest chunks either way. The full figures are in `npm run bench:startup`.
 */
import { bundleBudgetFailures, kB, measureBundle } from './support/bundle-size'

const report = measureBundle()
const { firstScreenJs, initialJs, totalJs } = report
console.log(
  `initial JS ${kB(initialJs.gzip)} gzip in ${initialJs.files} chunks; ` +
    `first screen ${kB(firstScreenJs.gzip)} gzip in ${firstScreenJs.files}; ` +
    `all ${kB(totalJs.gzip)} gzip in ${totalJs.files}`,
)
for (const chunk of report.chunks.slice(0, 8))
  console.log(
    `  ${chunk.firstScreen ? '*' : ' '} ${chunk.file.padEnd(48)} ${kB(chunk.gzip).padStart(9)}`,
  )
console.log('  (* needed for the first screen)')
const failures = bundleBudgetFailures(report)
for (const failure of failures) console.error(`FAIL: ${failure}.`)
if (failures.length > 0) process.exit(1)
console.log('PASS: initial and first-screen JavaScript within their budgets (size and files)')
