import { useCallback } from 'react'
import { useConfirm } from './confirm'
import { toastMessages, useNotify } from './toast'

/**
 * Delete after confirmation (spec 001 §8): cancelling says 已取消删除, success says
 * 删除成功!, a refusal shows the server's message (e.g. which accounts hold a role).
 */
export function useConfirmedDelete(): (message: string, remove: () => Promise<unknown>, done: () => void) => Promise<void> {
  const confirm = useConfirm()
  const notify = useNotify()
  return useCallback(
    async (message, remove, done) => {
      if (!(await confirm({ message }))) return
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
