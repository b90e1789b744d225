import { z } from 'zod'
import { defineRoutes, unrecorded } from '../contract'
import { idParam } from '../schemas/common'
import {
  LocationCreateBodySchema,
  LocationSchema,
  LocationUpdateBodySchema,
  SeatInfoSchema,
  SeatListImportBodySchema,
  SeatListImportSchema,
  SeatPersonSchema,
  SeatPictureCreateBodySchema,
  SeatPictureSchema,
  SeatPlanSaveBodySchema,
  SeatPlanSchema,
  SeatSaveResultSchema,
  SeatSettingBodySchema,
  TrainIdOnlySchema,
} from '../schemas/seating'

const TRAIN = 'training:train'
const LOCATION = '/api/train/member/location'

/**
 * Venue seating (spec 000 §7 Seating). The paths the spec shows are kept; the ones it
 * leaves unshown sit under the same prefix. Every change raises the plan's revision.
 */
export const seatingRoutes = defineRoutes({
  'seat.all': {
    method: 'GET', path: `${LOCATION}/all`, access: TRAIN, scope: { trainId: 'train' },
    summary: '某培训班的座位列表（排、列、分组、人员）',
    query: TrainIdOnlySchema,
    response: z.array(LocationSchema),
  },
  'seat.create': {
    method: 'POST', path: LOCATION, access: TRAIN, scope: { trainId: 'train', trainSignUpMemberId: 'signUp' }, record: 'trainMemberLocation',
    summary: '安排一个座位：一人只能占一个座位，一个座位只能坐一人',
    body: LocationCreateBodySchema,
    response: LocationSchema,
  },
  'seat.update': {
    method: 'PATCH', path: LOCATION, access: TRAIN, scope: { id: 'seat', trainSignUpMemberId: 'signUp' },
    summary: '修改一个座位（位置、分组或人员；人员为空即删除座位上的人）',
    body: LocationUpdateBodySchema,
    response: LocationSchema,
  },
  'seat.people': {
    method: 'GET', path: `${LOCATION}/people`, access: TRAIN, scope: { trainId: 'train' },
    summary: '可安排座位的人员（该培训班的全部报名人员）',
    query: TrainIdOnlySchema,
    response: z.array(SeatPersonSchema),
  },
  'seat.info': {
    method: 'GET', path: `${LOCATION}/info`, access: TRAIN, scope: { trainId: 'train' },
    summary: '座位信息：行数、列数、编排方式（useSeat）、编排文件（pdfUrl）、版本号',
    query: TrainIdOnlySchema,
    response: SeatInfoSchema,
  },
  'seat.plan': {
    method: 'GET', path: `${LOCATION}/plan`, access: TRAIN, scope: { trainId: 'train' },
    summary: '座位编排全貌（座位信息、座位与全部报名人员），座位页与离线缓存一次读取',
    query: TrainIdOnlySchema,
    response: SeatPlanSchema,
  },
  // Not forwarded: the renderer's `seat.save` is the core's own method of that name, which
  // sends this route or, while the server cannot be reached, queues it (ARCHITECTURE.md rule 7).
  'seat.save': {
    method: 'POST', path: `${LOCATION}/save`, access: TRAIN, scope: { trainId: 'train' }, rpc: false,
    record: 'train', recordBy: { input: 'trainId' }, recordView: 'trainSeatPlan',
    summary:
      '保存座位编排（trainId、rowNumber、columnNumber、trainMemberLocations）；idempotencyKey 重放时返回首次结果，baseRevision 过期时返回冲突与服务器当前编排',
    body: SeatPlanSaveBodySchema,
    response: SeatSaveResultSchema,
  },
  'seat.importList': {
    method: 'POST', path: `${LOCATION}/import`, access: TRAIN, scope: { trainId: 'train' }, unrecorded: unrecorded.dryRun,
    summary: '导入座位名单（预检）：逐行列出有误的行与原因及行数，并按正确行的排、列（都未填写时按行序）给出座位安排，不保存',
    body: SeatListImportBodySchema,
    response: SeatListImportSchema,
  },
  'seat.setting': {
    method: 'PATCH', path: '/api/train/seat', access: TRAIN, scope: { id: 'train' },
    summary: '修改培训班的座位设置（id、useSeat 或 pdfUrl、isField）',
    body: SeatSettingBodySchema,
    response: SeatInfoSchema,
  },
  'seatPicture.all': {
    method: 'GET', path: '/api/train/location/picture/all', access: TRAIN, scope: { trainId: 'train' },
    summary: '某培训班的座位图（图片编排）',
    query: TrainIdOnlySchema,
    response: z.array(SeatPictureSchema),
  },
  'seatPicture.create': {
    method: 'POST', path: '/api/train/location/picture', access: TRAIN, scope: { trainId: 'train' }, record: 'trainLocationPicture',
    summary: '添加座位图（imagePath、trainId）',
    body: SeatPictureCreateBodySchema,
    response: SeatPictureSchema,
  },
  'seatPicture.delete': {
    method: 'DELETE', path: '/api/train/location/picture/{id}', access: TRAIN, scope: { id: 'seatPicture' },
    summary: '删除座位图',
    params: idParam,
    response: z.null(),
  },
})
