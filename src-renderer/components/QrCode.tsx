import { useEffect, useState } from 'react'
import { Button, Image, makeStyles, Spinner, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import QRCode from 'qrcode'

const useStyles = makeStyles({
  root: { display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS },
})

export interface QrCodeProps {
  /** The text (usually a link) the code encodes. */
  value: string
  /** Pixel size of the image. */
  size?: number
  /** Accessible name of the image. */
  label: string
  /** When given, a 下载二维码 button saves the PNG under this name. */
  downloadName?: string
}

/** A QR code drawn in the renderer as a PNG data URI. */
export function QrCode({ value, size = 200, label, downloadName }: QrCodeProps) {
  const styles = useStyles()
  const [image, setImage] = useState<{ value: string; size: number; url: string } | null>(null)

  useEffect(() => {
    let current = true
    void QRCode.toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => current && setImage({ value, size, url }),
    )
    return () => {
      current = false
    }
  }, [value, size])

  const url = image?.value === value && image.size === size ? image.url : null
  const download = () => {
    if (!url || !downloadName) return
    const anchor = document.createElement('a')
    anchor.href = url
    anchor.download = downloadName
    anchor.click()
  }

  return (
    <div className={styles.root}>
      {url ? <Image src={url} alt={label} width={size} height={size} /> : <Spinner size="small" />}
      {downloadName && (
        <Button icon={<ArrowDownloadRegular />} disabled={!url} onClick={download}>
          下载二维码
        </Button>
      )}
    </div>
  )
}
