import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the gateway received. */
export interface GatewayRequest {
  phone: string
  title: string
  content: string
  authorization: string | undefined
}

/**
 * A real SMS gateway on a local port, speaking the generic HTTP gateway's protocol
 * (POST JSON `{phone, title, content}`; 2xx `{messageId}` accepts, else `{message}`
 * refuses). It accepts every number except those told to be refused (a number of
 * times, or always), so tests see what the server makes of acceptance and refusal.
 */
export interface SmsGateway {
  url: string
  received: GatewayRequest[]
  /** Accepted messages, with the id given for each. */
  accepted: (GatewayRequest & { messageId: string })[]
  /** Refuses the number's next `times` messages with `reason` (Infinity: always). */
  refuse(phone: string, reason: string, times?: number): void
  close(): Promise<void>
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const refusals = new Map<string, { reason: string; times: number }>()
  const received: GatewayRequest[] = []
  const accepted: SmsGateway['accepted'] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Omit<GatewayRequest, 'authorization'>
      const request = { phone: body.phone, title: body.title, content: body.content, authorization: req.headers.authorization }
      received.push(request)
      const refusal = refusals.get(request.phone)
      res.setHeader('Content-Type', 'application/json')
      if (refusal && refusal.times > 0) {
        refusal.times--
        res.statusCode = 400
        res.end(JSON.stringify({ message: refusal.reason }))
        return
      }
      const messageId = `gw-${accepted.length + 1}`
      accepted.push({ ...request, messageId })
      res.end(JSON.stringify({ messageId }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    received,
    accepted,
    refuse: (phone, reason, times = Infinity) => refusals.set(phone, { reason, times }),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  }
}
