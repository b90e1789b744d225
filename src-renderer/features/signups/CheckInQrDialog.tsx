import { useEffect, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components'
import { FullScreenMaximizeRegular } from '@fluentui/react-icons'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { QrCode } from '../../components/QrCode'
import { useCheckInCode } from '../training/useCheckInCode'
import { useServerLink } from '../training/useServerLink'

const useStyles = makeStyles({
  surface: { width: '100vw', maxWidth: '100vw', height: '100vh', maxHeight: '100vh', borderRadius: 0 },
  content: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    textAlign: 'center',
    minHeight: '70vh',
  },
  name: { fontSize: '32px', lineHeight: '40px', fontWeight: tokens.fontWeightSemibold },
  hint: { fontSize: tokens.fontSizeBase500, color: tokens.colorNeutralForeground2 },
  closed: { fontSize: tokens.fontSizeBase500, color: tokens.colorPaletteRedForeground1 },
  link: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
})

/**
 * The venue screen's check-in code: a QR code that changes every 30 seconds (an old
 * photo of it stops working), fetched again when the current one expires. Meant for
 * the projector: the dialog fills the window and can go full screen.
 */
export function CheckInQrDialog({ training, open, onClose }: { training: TrainDetail; open: boolean; onClose(): void }) {
  const styles = useStyles()
  const { code: shown, failure } = useCheckInCode(training.id, open)
  const [left, setLeft] = useState(0)
  const link = useServerLink(shown?.link ?? '')
  const close = () => {
    if (document.fullscreenElement) void document.exitFullscreen()
    onClose()
  }
  // The countdown starts again with every new code.
  const [countedCode, setCountedCode] = useState(shown)
  if (shown !== countedCode) {
    setCountedCode(shown)
    setLeft(shown?.expiresInSeconds ?? 0)
  }

  useEffect(() => {
    if (!open) return
    const tick = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000)
    return () => clearInterval(tick)
  }, [open])

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>签到二维码</DialogTitle>
          <DialogContent className={styles.content}>
            <Text className={styles.name}>{training.name}</Text>
            {failure && <Text className={styles.closed}>{failure}</Text>}
            {!shown && !failure && <Spinner label="加载中..." />}
            {shown && link && (
              <>
                <QrCode value={link} size={360} label="签到二维码" />
                {shown.window ? (
                  <Text className={styles.hint}>
                    请用手机扫码签到 · 签到时间 {shown.window.signInStartTime.slice(11, 16)}–{shown.window.signInEndTime.slice(11, 16)} ·{' '}
                    {left} 秒后更换
                  </Text>
                ) : (
                  <Text className={styles.closed}>当前不在签到时间内，扫码将无法签到</Text>
                )}
                <Text size={200} className={styles.link}>
                  {link}
                </Text>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button icon={<FullScreenMaximizeRegular />} onClick={() => void document.documentElement.requestFullscreen?.()}>
              全屏
            </Button>
            <Button appearance="primary" onClick={close}>
              关闭
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
