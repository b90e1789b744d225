import { EventEmitter } from 'node:events'
import { join } from 'node:path'
import axios from 'axios'
import { afterAll, describe, expect, it } from 'vitest'
import { optionsFromEnv } from '../../src-server/options'
import { serveOverPort } from '../../src-main/desktop/server-child-port'
import { startInChild, type ChildProcessPort, type ParentPort } from '../../src-main/desktop/server-process'
import { cleanUp, tempDir } from './harness'

/** The two ends of a utility process's message port, as Electron delivers messages (child: `{ data }`). */
function connectedPorts() {
  const toChild = new EventEmitter()
  const toParent = new EventEmitter()
  const exits = new EventEmitter()
  const exited: number[] = []
  const parentPort: ParentPort = {
    on: (event, listener) => toChild.on(event, (data) => listener({ data })),
    postMessage: (message) => setImmediate(() => toParent.emit('message', structuredClone(message))),
  }
  const child: ChildProcessPort = {
    on: (event, listener) => toParent.on(event, listener),
    once: (event, listener) => exits.once(event, listener),
    postMessage: (message) => setImmediate(() => toChild.emit('message', structuredClone(message))),
    kill: () => exits.emit('exit', 1),
  }
  const exit = (code: number) => {
    exited.push(code)
    exits.emit('exit', code)
  }
  return { parentPort, child, exit, exited }
}

describe('the embedded server in its own process', () => {
  afterAll(cleanUp)

  it('starts there, answers at the address it reports, and stops when told', async () => {
    const dir = await tempDir()
    const { parentPort, child, exit, exited } = connectedPorts()
    serveOverPort(parentPort, (message, error) => expect.fail(`${message} ${String(error)}`), exit)
    const server = await startInChild(child, { ...optionsFromEnv({}), host: '127.0.0.1', port: 0, databaseUrl: join(dir, 'platform.sqlite'), uploadDir: join(dir, 'uploads') })
    expect((await axios.get(`${server.url}/api/captcha`)).data.code).toBe(0)
    await server.close()
    expect(exited).toEqual([0])
    await expect(axios.get(`${server.url}/api/captcha`)).rejects.toThrow()
  })

  it('hands the utility process options it can copy, whatever the environment configures', () => {
    const options = optionsFromEnv({ SETTINGS_SECRET: 'a-secret-of-the-office' })
    expect(structuredClone(options)).toEqual(options)
    expect(options.settingsSecret).toBe('a-secret-of-the-office')
  })

  it('reports why it could not start, in the operator’s words', async () => {
    const dir = await tempDir()
    const { parentPort, child, exit } = connectedPorts()
    const logged: string[] = []
    serveOverPort(parentPort, (message) => logged.push(message), exit)
    const refused = { ...optionsFromEnv({ NODE_ENV: 'production', ADMIN_PASSWORD: 'Shen9Zhou' }), port: 0, databaseUrl: join(dir, 'x.sqlite') }
    await expect(startInChild(child, refused)).rejects.toThrow('默认的 LOGIN_AES_KEY')
    expect(logged).toEqual(['内置服务启动失败'])
  })
})
