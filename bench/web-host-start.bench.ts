import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/**
 * The web host's start (`npm run web` after its build: tsx src-main/web/main.ts) to the login
 * page answering: the page served, and its captcha (the embedded server behind the bridge)
 * answered. With a fresh data folder (migrations, demo data) and with the same folder again.
 * Needs `npm run build` first (out/renderer).
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const TSX = join(root, 'node_modules/.bin/tsx')
const RUNS = 3

interface Timing {
  printedMs: number
  pageMs: number
  loginReadyMs: number
}

async function startOnce(dataDir: string): Promise<Timing> {
  const t0 = performance.now()
  const child = spawn(TSX, [join(root, 'src-main/web/main.ts')], { cwd: root, env: { ...process.env, APP_DATA_DIR: dataDir, WEB_PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`web host exited (${code}) before it printed its address`)))
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('WEB_URL=')) resolve(line.slice('WEB_URL='.length))
      })
    })
    const printedMs = performance.now() - t0
    const page = new URL(url)
    const secret = page.searchParams.get('s') ?? ''
    const html = await fetch(new URL(`/?s=${secret}`, page))
    if (html.status !== 200 || !(await html.text()).includes('<div id="root"')) throw new Error(`login page answered ${html.status}`)
    const pageMs = performance.now() - t0
    for (let tries = 0; ; tries++) {
      const answer = (await (await fetch(new URL('/rpc/auth.captcha', page), { method: 'POST', headers: { 'X-Bridge-Secret': secret } })).json()) as { ok: boolean }
      if (answer.ok) break
      if (tries > 600) throw new Error('the captcha never answered')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return { printedMs, pageMs, loginReadyMs: performance.now() - t0 }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const show = (label: string, runs: Timing[]) =>
  console.log(`${label}: address printed ${median(runs.map((r) => r.printedMs)).toFixed(0)} ms, page ${median(runs.map((r) => r.pageMs)).toFixed(0)} ms, login page answering (captcha) ${median(runs.map((r) => r.loginReadyMs)).toFixed(0)} ms (median of ${runs.length})`)

async function main(): Promise<void> {
  if (!existsSync(join(root, 'out/renderer/index.html'))) throw new Error('out/renderer is missing: run `npm run build` first')
  const fresh: Timing[] = []
  const existing: Timing[] = []
  for (let i = 0; i < RUNS; i++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'web-host-start-'))
    fresh.push(await startOnce(dataDir))
    existing.push(await startOnce(dataDir))
    await rm(dataDir, { recursive: true, force: true })
  }
  show('fresh data folder', fresh)
  show('existing data folder', existing)
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
