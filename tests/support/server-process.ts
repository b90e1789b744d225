import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { CAPTCHA_CODE } from './browser'

/** A free TCP port on 127.0.0.1 (asked of the system, then released). */
export function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}

/**
 * `npm run server` as a process of its own on a fixed port and database folder, to be
 * stopped and started again as a venue's network comes and goes.
 */
export function serverProcess(dir: string, port: number) {
  let child: ChildProcess | null = null
  return {
    /** Starts it unless it runs; resolves once it answers. */
    async up(): Promise<void> {
      if (child) return
      child = spawn(process.execPath, ['--import', 'tsx', resolve('src-server/main.ts')], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: join(dir, 'platform.sqlite'), UPLOAD_DIR: join(dir, 'uploads'), CAPTCHA_TEST_CODE: CAPTCHA_CODE },
        stdio: 'ignore',
      })
      for (let i = 0; i < 300; i++) {
        if (await fetch(`http://127.0.0.1:${port}/api/`).then(() => true, () => false)) return
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error('the server did not start')
    },
    /** Stops it and waits for the process to end. */
    async down(): Promise<void> {
      const running = child
      child = null
      if (!running) return
      await new Promise<void>((done) => {
        running.on('exit', () => done())
        running.kill('SIGTERM')
      })
    },
  }
}
