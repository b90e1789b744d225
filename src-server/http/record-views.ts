import type { RecordView } from '../../src-shared/contract'
import type { Db } from '../db/types'
import { questionnaireOf } from '../modules/exam/questionnaire'
import { seatPlanForLog } from '../modules/seating/plan'
import { roleById } from '../modules/system/roles'
import type { Snapshot } from './audit'

/**
 * The readers of the records the log shows beyond their own row (RecordView): each gives
 * the record's state as the log keeps it, undefined when there is none.
 */
export const recordViews: Record<RecordView, (db: Db, id: number) => Snapshot> = {
  /** A role's fields and the screens it grants. */
  roleWithPermissions: (db, id) => () => roleById(db, id),
  /** A training's satisfaction questionnaire (an exam of the training, found by the training). */
  trainQuestionnaire: (db, trainId) => async () => (await questionnaireOf(db, trainId)) ?? undefined,
  /** A training's seat plan: grid, revision and seats (a whole-plan save changes them together). */
  trainSeatPlan: (db, trainId) => () => seatPlanForLog(db, trainId),
}
