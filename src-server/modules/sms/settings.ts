import type { z } from 'zod'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { smsProviders, type SmsProviderKey, type SmsSetting, type SmsSettingSaveSchema } from '../../../src-shared/schemas/sms'
import { callerScope } from '../../auth/scope'
import { isProvinceLevel } from '../../scope/enforce'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { signedIn, type RequestContext } from '../../http/context'
import type { ServerOptions } from '../../options'
import { seal, settingsKey, unseal } from '../../settings-key'
import { aliyunProvider, httpGatewayProvider, type SmsProvider } from './provider'

/** The keys of the providers, sealed together as one text (column sms_setting.secrets). */
interface Secrets {
  accessKeyId?: string
  accessKeySecret?: string
  gatewayToken?: string
}
const secretKeys = ['accessKeyId', 'accessKeySecret', 'gatewayToken'] as const
const PURPOSE = 'sms_setting.secrets'
const SETTING_ID = 1

type KeyOptions = Pick<ServerOptions, 'settingsSecret' | 'uploadDir'>

const settingRow = (db: Db) =>
  db
    .selectFrom('smsSetting')
    .leftJoin('admin', 'admin.id', 'smsSetting.updatedBy')
    .select(['smsSetting.provider', 'smsSetting.signName', 'smsSetting.templateCode', 'smsSetting.gatewayUrl', 'smsSetting.secrets', 'smsSetting.updatedAt', 'admin.name as updatedBy'])
    .where('smsSetting.id', '=', SETTING_ID)
    .executeTakeFirst()

type Row = NonNullable<Awaited<ReturnType<typeof settingRow>>>

const providerKey = (row: Row | undefined): SmsProviderKey => (row && row.provider in smsProviders ? (row.provider as SmsProviderKey) : 'none')

/** The saved keys; null when they do not open with this server's key (SETTINGS_SECRET or its key file changed). */
async function secretsOf(row: Row | undefined, options: KeyOptions): Promise<Secrets | null> {
  if (!row?.secrets) return {}
  try {
    return JSON.parse(unseal(await settingsKey(options), PURPOSE, row.secrets)) as Secrets
  } catch {
    return null
  }
}

const UNREADABLE = '短信服务的密钥无法解密（服务器的 SETTINGS_SECRET 或密钥文件已更换），请在短信设置中重新填写密钥'

/** The provider messages go to now, or null when none is configured (messages are then recorded as 未发送). */
export async function currentProvider(db: Db, options: KeyOptions): Promise<SmsProvider | null> {
  const row = await settingRow(db)
  const provider = providerKey(row)
  if (!row || provider === 'none') return null
  const secrets = await secretsOf(row, options)
  if (!secrets) {
    return {
      send: () => Promise.reject(new Error(UNREADABLE)),
    }
  }
  if (provider === 'http') return httpGatewayProvider({ url: row.gatewayUrl ?? '', token: secrets.gatewayToken ?? null })
  return aliyunProvider({
    accessKeyId: secrets.accessKeyId ?? '',
    accessKeySecret: secrets.accessKeySecret ?? '',
    signName: row.signName ?? '',
    templateCode: row.templateCode ?? '',
  })
}

/** The provider's name, or null when none is configured. */
export async function configuredProvider(db: Db): Promise<string | null> {
  const provider = providerKey(await settingRow(db))
  return provider === 'none' ? null : smsProviders[provider]
}

/**
 * Whether the caller may change the settings: province-wide, so only from the root's
 * scope (the save and test routes are marked `province`; the route mechanism refuses the rest).
 */
export function mayConfigure(ctx: RequestContext): boolean {
  return signedIn(ctx).permissions.has('system:sms') && isProvinceLevel(callerScope(ctx))
}

export async function smsSettingView(ctx: RequestContext): Promise<SmsSetting> {
  const row = await settingRow(ctx.db)
  const secrets = (await secretsOf(row, ctx.options)) ?? {}
  return {
    provider: providerKey(row),
    signName: row?.signName ?? null,
    templateCode: row?.templateCode ?? null,
    gatewayUrl: row?.gatewayUrl ?? null,
    accessKeyIdSet: Boolean(secrets.accessKeyId),
    accessKeySecretSet: Boolean(secrets.accessKeySecret),
    gatewayTokenSet: Boolean(secrets.gatewayToken),
    updateTime: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
    canChange: mayConfigure(ctx),
  }
}

/** What each provider needs, with the form's message when it is missing. */
const needed: Record<SmsProviderKey, [keyof Secrets | 'signName' | 'templateCode' | 'gatewayUrl', string][]> = {
  none: [],
  aliyun: [
    ['accessKeyId', '请输入 AccessKey ID'],
    ['accessKeySecret', '请输入 AccessKey Secret'],
    ['signName', '请输入短信签名'],
    ['templateCode', '请输入模板编号'],
  ],
  http: [['gatewayUrl', '请输入网关地址']],
}

/** Saves the settings; a blank key keeps the saved one, and the keys are sealed before they are stored. */
export async function saveSmsSetting(input: z.output<typeof SmsSettingSaveSchema>, ctx: RequestContext): Promise<SmsSetting> {
  const row = await settingRow(ctx.db)
  const secrets: Secrets = { ...(await secretsOf(row, ctx.options)) }
  for (const key of secretKeys) if (input[key]) secrets[key] = input[key]
  const values = { signName: input.signName, templateCode: input.templateCode, gatewayUrl: input.gatewayUrl }
  const given: Record<string, string | null | undefined> = { ...values, ...secrets }
  const missing = needed[input.provider].filter(([field]) => !given[field])
  if (missing.length > 0) {
    throw new AppError(ErrorKey.VALIDATION, missing[0][1], missing.map(([path, message]) => ({ path, message })))
  }
  const stored = {
    provider: input.provider,
    ...values,
    secrets: seal(await settingsKey(ctx.options), PURPOSE, JSON.stringify(secrets)),
    updatedBy: signedIn(ctx).adminId,
    updatedAt: nowText(),
  }
  await ctx.db
    .insertInto('smsSetting')
    .values({ id: SETTING_ID, ...stored })
    .onConflict((oc) => oc.column('id').doUpdateSet(stored))
    .execute()
  return smsSettingView(ctx)
}

const TEST_MESSAGE = { title: '测试短信', content: '这是一条测试短信：收到即表示短信服务配置正确。' }

/** Sends one test message with the saved settings and reports the provider's own answer. */
export async function testSmsSetting({ telephone }: { telephone: string }, ctx: RequestContext) {
  const provider = await currentProvider(ctx.db, ctx.options)
  if (!provider) throw new AppError(ErrorKey.VALIDATION, '未配置短信服务：请先选择服务商并保存')
  try {
    const { messageId } = await provider.send({ telephone, ...TEST_MESSAGE })
    return { accepted: true, messageId, answer: messageId ? `服务商已接受，消息编号 ${messageId}` : '服务商已接受（未返回消息编号）' }
  } catch (err) {
    return { accepted: false, messageId: null, answer: err instanceof Error ? err.message : String(err) }
  }
}
