import { createHmac, randomUUID } from 'node:crypto'

/** One text message to one number. */
export interface SmsMessage {
  telephone: string
  title: string
  content: string
}

/**
 * Where the outbox hands a message. `send` resolves once the gateway accepted it and
 * throws (with the gateway's reason as message) when it did not; the outbox retries.
 */
export interface SmsProvider {
  readonly name: string
  send(message: SmsMessage): Promise<void>
}

/**
 * The default: no gateway. Every message stays in the outbox as the record of what was
 * sent (the send log), marked delivered, so a standalone installation works offline.
 */
export const recordingProvider: SmsProvider = { name: 'record', send: async () => {} }

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
 * The template receives `{title, content}`.
 */
export function aliyunProvider(config: AliyunSmsConfig): SmsProvider {
  const endpoint = config.endpoint ?? 'https://dysmsapi.aliyuncs.com/'
  return {
    name: 'aliyun',
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
      const response = await fetch(`${endpoint}?Signature=${percentEncode(signature)}&${query}`, { signal: AbortSignal.timeout(15_000) })
      const answer = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string }
      if (answer.Code !== 'OK') throw new Error(answer.Message ?? `短信网关返回 HTTP ${response.status}`)
    },
  }
}

/**
 * The gateway the environment names (SMS_PROVIDER=aliyun with its keys), as plain data:
 * server options cross a process boundary (the desktop's utility process), functions do not.
 */
export function smsConfigFromEnv(env: NodeJS.ProcessEnv): AliyunSmsConfig | undefined {
  if (env.SMS_PROVIDER !== 'aliyun') return undefined
  const { SMS_ACCESS_KEY_ID, SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE } = env
  if (!SMS_ACCESS_KEY_ID || !SMS_ACCESS_KEY_SECRET || !SMS_SIGN_NAME || !SMS_TEMPLATE_CODE) {
    throw new Error('SMS_PROVIDER=aliyun 需要 SMS_ACCESS_KEY_ID、SMS_ACCESS_KEY_SECRET、SMS_SIGN_NAME、SMS_TEMPLATE_CODE')
  }
  return { accessKeyId: SMS_ACCESS_KEY_ID, accessKeySecret: SMS_ACCESS_KEY_SECRET, signName: SMS_SIGN_NAME, templateCode: SMS_TEMPLATE_CODE }
}

/** The configured gateway, else the recording one. */
export function providerOf(config: AliyunSmsConfig | undefined): SmsProvider {
  return config ? aliyunProvider(config) : recordingProvider
}
