import type { ReactNode } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components'

const useStyles = makeStyles({
  wide: { maxWidth: '900px', width: '92vw' },
  medium: { maxWidth: '760px', width: '90vw' },
})

/** A dialog that shows something (details, a history, a picker) with one closing button. */
export function ViewDialog({
  open,
  title,
  onClose,
  children,
  width = 'medium',
  closeText = '关闭',
}: {
  open: boolean
  title: ReactNode
  onClose(): void
  children: ReactNode
  width?: 'medium' | 'wide'
  closeText?: string
}) {
  const styles = useStyles()
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles[width]}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance={closeText === '关闭' ? 'primary' : 'secondary'} onClick={onClose}>
              {closeText}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
