import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/**
 * Builds bench/main-start-plain.ts as electron-vite builds out/main (one CommonJS file, the
 * dependencies left to node_modules) into .tmp/, and runs it in fresh Node processes.
 */
const root = fileURLToPath(new URL('..', import.meta.url))

export interface PlainStart {
  /** Milliseconds from the process's start to where the window would be created. */
  windowAtMs: number
  /** CPU the process spent up to the window: what the start path costs, whatever else the machine is doing. */
  cpuMs: number
  modules: number
  /** Whether fastify, kysely or exceljs was loaded on the way. */
  serverLoaded: boolean
}

export async function buildPlainStart(): Promise<string> {
  const dir = join(root, '.tmp', 'main-start')
  mkdirSync(dir, { recursive: true })
  const outfile = join(dir, 'plain-main.cjs')
  await build({ entryPoints: [join(root, 'bench/main-start-plain.ts')], outfile, bundle: true, packages: 'external', platform: 'node', format: 'cjs', target: 'node22', logLevel: 'error' })
  return outfile
}

export function runPlainStart(bundle: string): PlainStart {
  // Run from the project folder so the bundle's requires find node_modules, as the app finds its own.
  const out = execFileSync(process.execPath, [bundle], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })
  return JSON.parse(out.trim().split('\n').pop()!) as PlainStart
}

/** A bare Node process's start and exit, for scale. */
export function bareStartMs(): number {
  const out = execFileSync(process.execPath, ['-e', 'console.log(performance.now())'], { encoding: 'utf8' })
  return Number(out.trim())
}
