import { useMemo } from 'react'
import { makeStaticStyles, Toast, Toaster, ToastTitle, useToastController, type ToastIntent } from '@fluentui/react-components'
import { AppError, ErrorKey } from '../../src-shared/errors'

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

/**
 * A toast is read, never clicked (it holds text only), so the pointer goes through it to
 * what lies under it: on a screen whose buttons reach the right end (the seat page's
 * 打印座位表 and 场地材料) a stack of toasts covered them, and paused while hovered it
 * stayed over the button the clerk was pointing at.
 */
const useClickThroughToasts = makeStaticStyles({ '.fui-Toaster .fui-ToastContainer': { pointerEvents: 'none' } })

/**
 * Mounted once at the root; `useNotify` dispatches to it from anywhere below. Toasts stack
 * at the top right just under the 56 px title bar, beside the page's heading, where no
 * page puts a tab, a filter or a title (at the top centre they covered the tabs).
 */
export function AppToaster() {
  useClickThroughToasts()
  return <Toaster toasterId={TOASTER_ID} position="top-end" offset={{ vertical: 64, horizontal: 16 }} />
}

export interface Notify {
  success(message: string): void
  info(message: string): void
  /** Returns the toast's id, for `dismiss` once what it warns about is behind the user. */
  warning(message: string): string
  /**
   * Shows a thrown error's message (an AppError carries the server's Chinese text). An
   * ended session is not shown here: the session says 登录已过期 once, however many of
   * the screen's calls the server refused with it.
   */
  error(error: unknown): void
  dismiss(toastId: string): void
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string') return error
  return '操作失败，请重试'
}

/** An ended session: the session provider tells the user, and the sign-in guard takes them to the login page. */
const isEndedSession = (error: unknown) => error instanceof AppError && error.key === ErrorKey.UNAUTHENTICATED

let toastCount = 0

export function useNotify(): Notify {
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID)
  return useMemo(() => {
    const show = (intent: ToastIntent, text: string) => {
      const toastId = `toast-${++toastCount}`
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent, timeout: intent === 'error' ? 5000 : 3000, toastId },
      )
      return toastId
    }
    return {
      success: (message) => void show('success', message),
      info: (message) => void show('info', message),
      warning: (message) => show('warning', message),
      error: (error) => void (isEndedSession(error) || show('error', messageOf(error))),
      dismiss: (toastId) => dismissToast(toastId),
    }
  }, [dispatchToast, dismissToast])
}
