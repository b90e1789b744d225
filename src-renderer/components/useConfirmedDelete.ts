import { useCallback } from 'react'
import type { DeletableTable } from '../../src-shared/references'
import { call } from '../lib/bridge'
import { useConfirm } from './confirm'
import { toastMessages, useNotify } from './toast'

/** The records a delete removes, as the declared references name them (src-shared/references.ts). */
export interface DeletedRecords {
  table: DeletableTable
  ids: readonly number[]
}

/**
 * Delete after confirmation (spec 001 §8): cancelling says 已取消删除, success says
 * 删除成功!, a refusal shows the server's message. Given the records, the server is
 * asked first what the delete would do: a refused delete is explained before anything
 * is clicked (该试卷已被考试「…」使用，不能删除), and the confirmation says what goes
 * with the records (将同时删除其 3 条报名记录).
 */
export function useConfirmedDelete(): (message: string, remove: () => Promise<unknown>, done: () => void, records?: DeletedRecords) => Promise<void> {
  const confirm = useConfirm()
  const notify = useNotify()
  return useCallback(
    async (message, remove, done, records) => {
      let detail: string | undefined
      if (records) {
        try {
          const impact = await call('references.impact', { table: records.table, ids: records.ids.join(',') })
          if (impact.refusal) {
            await confirm({ title: '不能删除', message: impact.refusal, acknowledge: '知道了' })
            return
          }
          detail = impact.message ? `${impact.message}。` : undefined
        } catch (error) {
          notify.error(error)
          return
        }
      }
      if (!(await confirm({ message, detail }))) return
      try {
        await remove()
        notify.success(toastMessages.deleted)
        done()
      } catch (error) {
        notify.error(error)
      }
    },
    [confirm, notify],
  )
}
