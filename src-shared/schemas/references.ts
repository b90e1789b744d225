import { z } from 'zod'
import { deletableTables } from '../references'
import { idListText } from './common'

/** Which records a delete would remove: a table of src-shared/references.ts and the ids (comma-joined, as a bulk delete takes them). */
export const DeleteImpactQuerySchema = z.object({
  table: z.enum(deletableTables, { error: '记录类型无效' }),
  ids: idListText('未选中任何记录', 1000, '一次最多 1000 条记录'),
})

/** What deleting them would do, worked out from the declared references. */
export const DeleteImpactSchema = z.object({
  /** Why the delete is refused (it names the referrers), or null. */
  refusal: z.string().nullable(),
  /** The referrers that go with the records (cascade) or lose the link (set null), counted per table. */
  effects: z.array(
    z.object({
      table: z.string(),
      action: z.enum(['cascade', 'set null']),
      count: z.number().int(),
      /** How the confirmation says it (3 条报名记录); null for bookkeeping the user does not see. */
      text: z.string().nullable(),
    }),
  ),
  /** The sentence for the confirmation: the refusal, or 将同时删除其 3 条报名记录…, or '' when nothing the user knows goes with them. */
  message: z.string(),
})
export type DeleteImpact = z.infer<typeof DeleteImpactSchema>
