import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { requestLogger } from '../../src-server/http/request-logger'

/** A Fastify app logging through `requestLogger` into memory, as the platform's does into stdout. */
function appLogging(level: 'info' | 'warn') {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  const app = Fastify({ logger: { level, stream: sink }, childLoggerFactory: requestLogger })
  // Children made for requests are counted from here on (Fastify makes its own at start).
  let childrenMade = 0
  // pino's children inherit their methods from their parent: the count keeps each call's own `this`.
  const child = app.log.child
  app.log.child = function (this: typeof app.log, ...args: Parameters<typeof child>) {
    childrenMade++
    return child.apply(this, args)
  } as typeof child
  app.get('/quiet', async () => ({ ok: true }))
  app.get('/warns', async (req) => {
    req.log.warn({ detail: 1 }, 'something to look at')
    req.log.child({ part: 'inner' }).error('inner failure')
    return { ok: true }
  })
  return { app, lines, childrenMade: () => childrenMade }
}

describe('the request logger (lazy pino child)', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => close?.())

  it('at the usual level a request that logs nothing makes no child and writes nothing', async () => {
    const { app, lines, childrenMade } = appLogging('warn')
    close = () => app.close()
    await app.ready()
    for (let i = 0; i < 5; i++) expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200)
    expect(lines).toEqual([])
    expect(childrenMade()).toBe(0)
  })

  it("a line that is written carries the request's id, also from a child of it", async () => {
    const { app, lines } = appLogging('warn')
    close = () => app.close()
    await app.inject({ url: '/warns' })
    await app.inject({ url: '/warns' })
    expect(lines.map((l) => [l.msg, l.level])).toEqual([
      ['something to look at', 40],
      ['inner failure', 50],
      ['something to look at', 40],
      ['inner failure', 50],
    ])
    expect(lines[0].detail).toBe(1)
    expect(lines[1].part).toBe('inner')
    // One id per request, the same on every line of it.
    expect(lines[0].reqId).toBeDefined()
    expect(lines[1].reqId).toBe(lines[0].reqId)
    expect(lines[2].reqId).not.toBe(lines[0].reqId)
    expect(lines[3].reqId).toBe(lines[2].reqId)
  })

  it('with request lines asked for (LOG_REQUESTS=1, level info) each request logs in and out under its id', async () => {
    const { app, lines } = appLogging('info')
    close = () => app.close()
    await app.inject({ url: '/quiet' })
    const request = lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')
    expect(request.map((l) => l.msg)).toEqual(['incoming request', 'request completed'])
    expect(request[0].reqId).toBeDefined()
    expect(request[1].reqId).toBe(request[0].reqId)
    expect((request[0].req as { url: string }).url).toBe('/quiet')
    expect((request[1].res as { statusCode: number }).statusCode).toBe(200)
  })
})
