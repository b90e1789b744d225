import { formatDateTime, nowText } from '../../db/time'
import type { Db } from '../../db/types'
import type { SmsProvider } from './provider'

/** The provider configured now (read each round: the console may change it), null when none is. */
export type ProviderSource = () => Promise<SmsProvider | null>

/** What the log says of a message that no provider took. */
export const UNCONFIGURED = '未配置短信服务'

/** Attempts before a message is marked failed (it stays in the send log with its reason). */
export const SMS_MAX_ATTEMPTS = 5
/** Wait before the first retry; each further retry waits twice as long. */
export const SMS_RETRY_MS = 30_000
/** A message left "sending" this long (its process died mid-send) is tried again. */
const STALE_SENDING_MS = 5 * 60_000
const BATCH = 100

/**
 * Delivers the outbox (table sms_message) through a provider. A message is claimed
 * (pending → sending) by one statement before it is handed over, so server processes
 * sharing a database never send one twice; every attempt is a row of sms_attempt; a
 * failure is retried with growing waits and, after SMS_MAX_ATTEMPTS, kept as failed.
 * A message is `sent` only when the provider accepted it (its message id is kept); with
 * no provider configured, the due messages are recorded as `unsent`, never as sent.
 */
export class SmsOutbox {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly provider: ProviderSource,
    private readonly retryMs = SMS_RETRY_MS,
  ) {}

  /** Picks up what an earlier run left: messages still due, and ones stuck mid-send. */
  async start(): Promise<void> {
    await this.db
      .updateTable('smsMessage')
      .set({ state: 'pending' })
      .where('state', '=', 'sending')
      .where('updatedAt', '<', formatDateTime(new Date(Date.now() - STALE_SENDING_MS)))
      .execute()
    this.kick()
  }

  /** Delivers what is due now, in the background; a call while delivering runs another round after it. */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain()
      .catch(() => {
        // The database went away (shutting down); the rows stay pending for the next start.
      })
      .finally(() => {
        this.running = null
        if (!this.stopped) void this.schedule()
      })
  }

  /** Waits for the round under way (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.idle()
  }

  private async drain(): Promise<void> {
    do {
      this.again = false
      const provider = await this.provider()
      if (!provider) {
        await this.db
          .updateTable('smsMessage')
          .set({ state: 'unsent', lastError: UNCONFIGURED, updatedAt: nowText() })
          .where('state', '=', 'pending')
          .execute()
        return
      }
      const due = await this.db
        .selectFrom('smsMessage')
        .select(['id', 'telephone', 'title', 'content', 'attempts'])
        .where('state', '=', 'pending')
        .where('nextAttemptAt', '<=', Date.now())
        .orderBy('id')
        .limit(BATCH)
        .execute()
      for (const message of due) {
        if (this.stopped) return
        await this.deliver(provider, message)
      }
      if (due.length === BATCH) this.again = true
    } while (this.again && !this.stopped)
  }

  private async deliver(provider: SmsProvider, message: { id: number; telephone: string; title: string; content: string; attempts: number }): Promise<void> {
    const claimed = await this.db
      .updateTable('smsMessage')
      .set({ state: 'sending', updatedAt: nowText() })
      .where('id', '=', message.id)
      .where('state', '=', 'pending')
      .executeTakeFirst()
    if (claimed.numUpdatedRows === 0n) return
    const attempts = message.attempts + 1
    let error: string | null = null
    let providerMessageId: string | null = null
    try {
      const receipt = await provider.send({ telephone: message.telephone, title: message.title, content: message.content })
      providerMessageId = receipt.messageId
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500) || '发送失败'
    }
    const now = nowText()
    await this.db.insertInto('smsAttempt').values({ messageId: message.id, at: now, ok: error ? 0 : 1, error }).execute()
    const outcome =
      error === null
        ? { state: 'sent', sentTime: now, lastError: null, providerReceipt: providerMessageId?.slice(0, 100) ?? null }
        : attempts >= SMS_MAX_ATTEMPTS
          ? { state: 'failed', lastError: error }
          : { state: 'pending', lastError: error, nextAttemptAt: Date.now() + this.retryMs * 2 ** (attempts - 1) }
    await this.db.updateTable('smsMessage').set({ ...outcome, attempts, updatedAt: now }).where('id', '=', message.id).execute()
  }

  /** Wakes up when the next retry is due. */
  private async schedule(): Promise<void> {
    const next = await this.db
      .selectFrom('smsMessage')
      .select((eb) => eb.fn.min<number>('nextAttemptAt').as('at'))
      .where('state', '=', 'pending')
      .executeTakeFirst()
      .catch(() => undefined)
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (!next || next.at === null || this.stopped) return
    this.timer = setTimeout(() => this.kick(), Math.max(0, Number(next.at) - Date.now()))
    this.timer.unref()
  }
}

/** The outbox of the server process using this database (set up in buildApp). */
const outboxes = new WeakMap<Db, SmsOutbox>()

export function outboxOf(db: Db): SmsOutbox {
  const outbox = outboxes.get(db)
  if (!outbox) throw new Error('SMS outbox not started for this database')
  return outbox
}

export async function startOutbox(db: Db, provider: ProviderSource, retryMs?: number): Promise<SmsOutbox> {
  const outbox = new SmsOutbox(db, provider, retryMs)
  outboxes.set(db, outbox)
  await outbox.start()
  return outbox
}
