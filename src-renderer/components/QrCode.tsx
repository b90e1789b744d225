import { useEffect, useState } from 'react'
import QRCode from 'qrcode'

export interface QrCodeProps {
  /** What the code encodes (a link). */
  value: string
  /** Edge length in CSS pixels. */
  size?: number
  /** Accessible name, e.g. 签到二维码. */
  label: string
  className?: string
}

/** A QR code drawn in the renderer (qrcode's browser build); redrawn when `value` changes. */
export function QrCode({ value, size = 240, label, className }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    // Drawn at twice the size so it stays sharp on high-density screens and projectors.
    QRCode.toDataURL(value, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => current && setSrc(url),
      () => current && setSrc(null),
    )
    return () => {
      current = false
    }
  }, [value, size])

  return src ? (
    <img src={src} width={size} height={size} alt={label} className={className} />
  ) : (
    <div role="img" aria-label={label} style={{ width: size, height: size }} className={className} />
  )
}
