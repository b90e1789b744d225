import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useNotify } from './toast'

export interface ConfirmOptions {
  /** The question, e.g. 确定要删除当前人员吗? */
  message: string
  /** A second paragraph: what else the action does (将同时删除其 3 条报名记录). */
  detail?: string
  /** Only tells (e.g. why a delete is refused): one button with this text, nothing to confirm. */
  acknowledge?: string
  title?: string
  confirmText?: string
  /** Toast shown when the user cancels (spec 000 §8: 已取消删除 or 已取消). */
  cancelledText?: string
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>

const ConfirmContext = createContext<Confirm | null>(null)

/** Hosts the one confirmation dialog of the app; `useConfirm` asks through it. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  // Kept after closing so the text does not vanish during the closing animation.
  const [options, setOptions] = useState<ConfirmOptions | null>(null)
  const resolveRef = useRef<((confirmed: boolean) => void) | null>(null)
  // Where focus was when the question opened: a dialog that asked (有未保存的修改…) gets it
  // back, which also makes it the active modal again (it stayed aria-hidden otherwise).
  const asker = useRef<HTMLElement | null>(null)
  const notify = useNotify()

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolveRef.current?.(false)
        resolveRef.current = resolve
        asker.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
        setOptions(next)
        setOpen(true)
      }),
    [],
  )

  const settle = (confirmed: boolean) => {
    const resolve = resolveRef.current
    if (!resolve) return
    resolveRef.current = null
    setOpen(false)
    const previous = asker.current
    if (!confirmed && previous?.isConnected) requestAnimationFrame(() => previous.focus())
    if (!confirmed && !options?.acknowledge) notify.info(options?.cancelledText ?? '已取消删除')
    resolve(confirmed)
  }

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog open={open} onOpenChange={(_, data) => !data.open && settle(false)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{options?.title ?? '提示'}</DialogTitle>
            <DialogContent>
              {options?.message}
              {options?.detail && <p>{options.detail}</p>}
            </DialogContent>
            <DialogActions>
              {options?.acknowledge ? (
                <Button appearance="primary" onClick={() => settle(false)}>
                  {options.acknowledge}
                </Button>
              ) : (
                <>
                  <Button appearance="secondary" onClick={() => settle(false)}>
                    取消
                  </Button>
                  <Button appearance="primary" onClick={() => settle(true)}>
                    {options?.confirmText ?? '确定'}
                  </Button>
                </>
              )}
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </ConfirmContext.Provider>
  )
}

/** `if (await confirm({ message: '确定要删除当前人员吗?' })) …` — cancelling shows the cancelled toast. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext)
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider above it')
  return confirm
}
