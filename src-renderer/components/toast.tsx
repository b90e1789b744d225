import { useMemo } from 'react'
import { Toast, Toaster, ToastTitle, useToastController, type ToastIntent } from '@fluentui/react-components'

const TOASTER_ID = 'app-toaster'

/** The spec's success messages (000 §8), so every screen says them the same way. */
export const toastMessages = {
  added: '添加成功！',
  updated: '修改成功！',
  deleted: '删除成功!',
  uploaded: '上传成功！',
  submitted: '提交成功!',
  saved: '保存成功！',
  done: '操作成功！',
  set: '设定成功！',
} as const

/** Mounted once at the root; `useNotify` dispatches to it from anywhere below. */
export function AppToaster() {
  return <Toaster toasterId={TOASTER_ID} position="top" pauseOnHover />
}

export interface Notify {
  success(message: string): void
  info(message: string): void
  warning(message: string): void
  /** Shows a thrown error's message (an AppError carries the server's Chinese text). */
  error(error: unknown): void
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string') return error
  return '操作失败，请重试'
}

export function useNotify(): Notify {
  const { dispatchToast } = useToastController(TOASTER_ID)
  return useMemo(() => {
    const show = (intent: ToastIntent, text: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent, timeout: intent === 'error' ? 5000 : 3000 },
      )
    return {
      success: (message) => show('success', message),
      info: (message) => show('info', message),
      warning: (message) => show('warning', message),
      error: (error) => show('error', messageOf(error)),
    }
  }, [dispatchToast])
}
