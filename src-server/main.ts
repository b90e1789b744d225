import { launch } from './cluster'
import { optionsFromEnv } from './options'

/** `npm run server`: the platform server on its own, configured from the environment (README). */
async function main(): Promise<void> {
  const options = optionsFromEnv()
  const server = await launch(options)
  // A worker process (WORKERS > 1): its primary prints the address and stops it.
  if (!server) return
  const workers = options.workers > 1 ? `，${options.workers} 个工作进程` : ''
  console.log(`平台服务已启动: ${server.url}  (接口文档: ${server.url}/api/docs${workers})`)
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
