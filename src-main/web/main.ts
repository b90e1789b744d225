import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { startWebHost } from './web-host'

/** WEB_PORT fixes the page's port (a bookmark keeps working); unset or 0, any free port. */
function webPort(text: string | undefined): number {
  const port = Number(text ?? 0)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('WEB_PORT 必须是 0–65535 的整数')
    process.exit(1)
  }
  return port
}

/**
 * `npm run web`: the console in a browser on this machine. Prints the page address
 * (it carries the per-launch secret) for a person and, as WEB_URL=…, for scripts.
 */
async function main(): Promise<void> {
  const dataDir = resolve(process.env.APP_DATA_DIR || join(process.cwd(), '.app-data'))
  await mkdir(dataDir, { recursive: true })
  const host = await startWebHost({
    dataDir,
    env: process.env,
    port: webPort(process.env.WEB_PORT),
    production: process.env.NODE_ENV === 'production',
    // A production console asks how it works on a new data folder; FIRST_RUN=1 tries that in development.
    firstRun: process.env.NODE_ENV === 'production' || process.env.FIRST_RUN === '1',
  })
  console.log(`控制台地址: ${host.url}`)
  console.log(`WEB_URL=${host.url}`)

  let closing = false
  const shutdown = () => {
    if (closing) return
    closing = true
    host.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('关闭时出错', err)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

main().catch((err: unknown) => {
  console.error('控制台启动失败', err)
  process.exit(1)
})
