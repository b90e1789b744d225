import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { login, TEST_CAPTCHA_CODE } from '../tests/support/login'
import { benchDatabases } from './databases'
import { measure, printComparison, startBenchServer } from './harness'

/**
 * `GET /api/user/info` — authenticate the token, extend the session, load the account,
 * its role's permissions and its member — against a bare Fastify hello-world, on each
 * dialect, 10 concurrent clients.
 */
async function main(): Promise<void> {
  const hello = await startBenchServer('hello')
  const baseline = await measure('Fastify hello-world', hello.url)
  await hello.stop()

  const uploads = await mkdtemp(join(tmpdir(), 'bench-uploads-'))
  const rows = []
  for (const database of await benchDatabases()) {
    const server = await startBenchServer('platform', {
      DATABASE_URL: database.url,
      UPLOAD_DIR: uploads,
      CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE,
      SEED_DEMO: '1',
    })
    try {
      const token = await login(server.url, 'admin', 'Admin@123')
      rows.push(await measure(`GET /api/user/info (${database.name})`, `${server.url}/api/user/info`, { headers: { Token: token } }))
    } finally {
      await server.stop()
      await database.dispose()
    }
  }
  await rm(uploads, { recursive: true, force: true })
  printComparison('Current user, 10 concurrent clients', baseline, rows)
}

void main()
