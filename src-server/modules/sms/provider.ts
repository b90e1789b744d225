import { createHmac, randomUUID } from 'node:crypto'

/** One text message to one number. */
export interface SmsMessage {
  telephone: string
  title: string
  content: string
}

/** What a provider answered when it accepted a message. */
export interface SmsReceipt {
  /** Its id of the message (阿里云 BizId, the gateway's `messageId`), when it gives one. */
  messageId: string | null
}

/**
 * Where the outbox hands a message. `send` resolves once the provider accepted it and
 * throws (with the provider's reason as message) when it did not; the outbox retries.
 * There is no provider that pretends: without one, messages are recorded as 未发送.
 */
export interface SmsProvider {
  send(message: SmsMessage): Promise<SmsReceipt>
}

const TIMEOUT_MS = 15_000

/** An HTTP request to a provider; an unreachable one is reported in the office's words. */
async function reach(url: string, init: RequestInit): Promise<{ status: number; answer: Record<string, unknown> }> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err instanceof Error ? err.name : String(err))
    throw new Error(`无法连接短信服务（${cause}）`, { cause: err })
  }
  const answer = (await response.json().catch(() => ({}))) as unknown
  return { status: response.status, answer: answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>) : {} }
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null)

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it. */
function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

export interface AliyunSmsConfig {
  accessKeyId: string
  accessKeySecret: string
  signName: string
  /** A template with the parameters `title` and `content`. */
  templateCode: string
  endpoint?: string
}

/**
 * Alibaba Cloud SMS (dysmsapi SendSms, signature version 1.0, HMAC-SHA1) over HTTPS.
 * The template receives `{title, content}`; accepted means Code OK, with its BizId.
 */
export function aliyunProvider(config: AliyunSmsConfig): SmsProvider {
  const endpoint = config.endpoint ?? 'https://dysmsapi.aliyuncs.com/'
  return {
    async send({ telephone, title, content }) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: telephone,
        RegionId: 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ title, content }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      }
      const query = Object.keys(params)
        .sort()
        .map((key) => `${percentEncode(key)}=${percentEncode(params[key])}`)
        .join('&')
      const toSign = `GET&${percentEncode('/')}&${percentEncode(query)}`
      const signature = createHmac('sha1', `${config.accessKeySecret}&`).update(toSign).digest('base64')
      const { status, answer } = await reach(`${endpoint}?Signature=${percentEncode(signature)}&${query}`, { method: 'GET' })
      if (answer.Code !== 'OK') throw new Error(textOf(answer.Message) ?? `短信服务返回 HTTP ${status}`)
      return { messageId: textOf(answer.BizId) }
    },
  }
}

export interface HttpGatewayConfig {
  url: string
  /** Sent as `Authorization: Bearer …` when set. */
  token: string | null
}

/**
 * A generic HTTP SMS gateway (an operator's or the office's own): POST `{phone, title,
 * content}` as JSON. Accepted means an HTTP 2xx answer, with the message id as
 * `messageId` when the gateway gives one; otherwise its `message` (or `error`) is the reason.
 */
export function httpGatewayProvider(config: HttpGatewayConfig): SmsProvider {
  return {
    async send({ telephone, title, content }) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' }
      if (config.token) headers.Authorization = `Bearer ${config.token}`
      const { status, answer } = await reach(config.url, { method: 'POST', headers, body: JSON.stringify({ phone: telephone, title, content }) })
      if (status < 200 || status > 299) throw new Error(textOf(answer.message) ?? textOf(answer.error) ?? `短信网关返回 HTTP ${status}`)
      return { messageId: textOf(answer.messageId) }
    },
  }
}
