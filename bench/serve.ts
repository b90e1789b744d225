import Fastify, { type FastifyInstance } from 'fastify'
import { optionsFromEnv } from '../src-server/options'
import { launch } from '../src-server/cluster'
import { floorApp } from './floor'

/**
 * A server for a benchmark, in a process of its own so it does not share a core with
 * the load generator: `hello` is a bare Fastify hello-world (the baseline every figure
 * is compared with); `platform` is the platform server as `npm run server` starts it,
 * configured by the environment (DATABASE_URL, WORKERS …) on a free port;
 * `floor` the bare routes of floor.ts on DATABASE_URL. Prints `READY <url>`.
 */
async function listenAndReport(app: FastifyInstance): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  console.log(`READY http://127.0.0.1:${address.port}`)
}

async function main(kind: string | undefined): Promise<void> {
  if (kind === 'hello') {
    const app = Fastify()
    app.get('/', async () => ({ hello: 'world' }))
    return listenAndReport(app)
  }
  if (kind === 'floor') return listenAndReport(floorApp(optionsFromEnv().databaseUrl))
  if (kind === 'platform') {
    // WORKERS > 1 forks this script again for each worker; only the primary reports.
    const server = await launch({ ...optionsFromEnv(), host: '127.0.0.1', port: 0 })
    if (server) console.log(`READY ${server.url}`)
    return
  }
  throw new Error(`unknown server kind: ${kind}`)
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
