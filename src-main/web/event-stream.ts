import type { ServerResponse } from 'node:http'
import type { CoreEvents } from '../core/events'

const KEEP_ALIVE_MS = 25_000

/**
 * Streams the core's events to one page as Server-Sent Events, each message the JSON
 * `{event, payload}`. Ends when the page goes away.
 */
export function streamEvents(events: CoreEvents, res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  })
  // A first comment line lets the page's EventSource report the stream open at once.
  res.write(': connected\n\n')
  const off = events.onAny((event, payload) => {
    res.write(`data: ${JSON.stringify({ event, payload })}\n\n`)
  })
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS)
  res.on('close', () => {
    off()
    clearInterval(keepAlive)
  })
}
