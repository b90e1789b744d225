import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * Runs every `*.bench.ts` of this folder one after the other (never in parallel: each
 * measures a machine it must have to itself). `npm run bench -- user-info` runs only
 * the benchmarks whose file name contains `user-info`.
 */
const folder = fileURLToPath(new URL('.', import.meta.url))
const only = process.argv[2]
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.includes(only)))
  .sort()
let failed = 0
for (const file of files) {
  console.log(`\n=== ${file}`)
  const run = spawnSync(fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url)), [file], { cwd: folder, stdio: 'inherit' })
  if (run.status !== 0) failed += 1
}
process.exit(failed > 0 ? 1 : 0)
