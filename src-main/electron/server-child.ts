import { fileLog } from '../desktop/logs'
import { serveOverPort } from '../desktop/server-child-port'

/**
 * Entry of the embedded server's utility process (out/main/server-child.js). The data
 * folder comes in APP_DATA_DIR.
 */
const log = fileLog(process.env.APP_DATA_DIR ?? '.', 'server')
process.on('uncaughtException', (error) => log.error('内置服务未捕获的错误', error))
process.on('unhandledRejection', (error) => log.error('内置服务未处理的错误', error))
serveOverPort(
  process.parentPort,
  (message, error) => log.error(message, error),
  (code) => process.exit(code),
)
