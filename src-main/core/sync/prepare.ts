import type { RouteName } from '../../../src-shared/api'
import type { SeatPicture, SeatPlan } from '../../../src-shared/schemas/seating'
import type { CoreEvents } from '../events'
import { MAX_PAGE_SIZE } from '../../../src-shared/schemas/common'
import type { CheckInRecord, SignUpMember } from '../../../src-shared/schemas/signup'
import type { DoorDesk } from './door-desk'
import type { Gateway } from './gateway'

/**
 * 准备离线: reads everything a training's venue needs into the cache — the training,
 * its sign-ups and check-ins (the door desk's roster), seat plan, seat info and pictures,
 * and the stored files they show (seat pictures, the arrangement PDF) — reporting
 * progress as it goes.
 */
export async function prepareOffline(
  deps: { gateway: Gateway; door: DoorDesk; events: CoreEvents; cacheFile: (path: string) => Promise<unknown> },
  { trainId, taskId }: { trainId: number; taskId?: string },
): Promise<{ items: number; files: number }> {
  const reads: [RouteName, Record<string, unknown>][] = [
    ['train.get', { id: trainId }],
    ['signup.all', { trainId }],
    ['checkin.list', { trainId, pageNum: 1, pageSize: MAX_PAGE_SIZE }],
    ['seat.info', { trainId }],
    ['seat.all', { trainId }],
    ['seat.people', { trainId }],
    ['seat.plan', { trainId }],
    ['seatPicture.all', { trainId }],
  ]
  let done = 0
  let total = reads.length
  const report = (label: string) => taskId && deps.events.emit('progress', { taskId, done, total, label })
  const results = new Map<RouteName, unknown>()
  for (const [method, input] of reads) {
    results.set(method, await deps.gateway.refresh(method, input))
    done++
    report('正在下载培训班数据')
  }
  deps.door.keepRoster(trainId, results.get('signup.all') as SignUpMember[], (results.get('checkin.list') as { records: CheckInRecord[] }).records)
  const plan = results.get('seat.plan') as SeatPlan
  const files = [...(results.get('seatPicture.all') as SeatPicture[]).map((p) => p.imagePath), ...(plan.pdfUrl ? [plan.pdfUrl] : [])]
  total += files.length
  for (const path of files) {
    await deps.cacheFile(path)
    done++
    report('正在下载座位图与编排文件')
  }
  deps.gateway.markPrepared(trainId)
  return { items: reads.length, files: files.length }
}
