import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { optionsFromEnv } from '../src-server/options'
import { startServer } from '../src-server/start'

/**
 * `npm run openapi`: writes docs/openapi.json, the platform API's OpenAPI description as a
 * non-production server serves it at /api/docs/json, for integrators without a running
 * server. tests/server/openapi.test.ts fails when the copy is not current.
 */
export const OPENAPI_COPY = fileURLToPath(new URL('../docs/openapi.json', import.meta.url))

/** The description a fresh non-production server serves (a temporary SQLite file, no demo data). */
export async function liveOpenApi(): Promise<unknown> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-'))
  const server = await startServer({
    ...optionsFromEnv({}),
    databaseUrl: join(dir, 'platform.sqlite'),
    uploadDir: join(dir, 'uploads'),
    host: '127.0.0.1',
    port: 0,
    production: false,
    seedDemo: false,
    logger: false,
    workers: 1,
  })
  try {
    return await (await fetch(`${server.url}/api/docs/json`)).json()
  } finally {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}

export const openApiText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void liveOpenApi().then(async (document) => {
    await writeFile(OPENAPI_COPY, openApiText(document))
    console.log(`docs/openapi.json: ${Object.keys((document as { paths: object }).paths).length} paths`)
  })
}
