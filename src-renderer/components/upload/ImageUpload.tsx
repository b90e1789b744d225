import { useEffect, useState } from 'react'
import { Button, Image, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowUploadRegular, DeleteRegular, ImageRegular } from '@fluentui/react-icons'
import { uploadKinds } from '../../../src-shared/schemas/files'
import { call } from '../../lib/bridge'
import { toastMessages, useNotify } from '../toast'
import { useFilePicker } from './useFilePicker'

export interface ImageUploadProps {
  /** Stored path of the image, or null. */
  value: string | null | undefined
  onChange(path: string | null): void
  /** Accessible name of the upload button, e.g. 上传头像. */
  label?: string
  disabled?: boolean
}

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  frame: {
    width: '96px',
    height: '96px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    overflow: 'hidden',
    color: tokens.colorNeutralForeground3,
    fontSize: '32px',
  },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  hint: { color: tokens.colorNeutralForeground3 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/** The stored image as a data: URI (the renderer cannot fetch the server itself). */
export function usePreview(path: string | null | undefined): string | null {
  const [preview, setPreview] = useState<{ path: string; url: string } | null>(null)
  useEffect(() => {
    if (!path) return
    let live = true
    call('files.readAsDataUrl', { path }).then(
      (url) => live && setPreview({ path, url }),
      () => live && setPreview(null),
    )
    return () => {
      live = false
    }
  }, [path])
  return path && preview?.path === path ? preview.url : null
}

/**
 * One image (jpg, jpeg, png under 1 MB, spec 000 §5): shows it, uploads a new one
 * after checking type and size, removes it. Refusals appear as warnings (spec 000 §8).
 */
export function ImageUpload({ value, onChange, label = '上传图片', disabled }: ImageUploadProps) {
  const styles = useStyles()
  const notify = useNotify()
  const picker = useFilePicker('image')
  const [busy, setBusy] = useState(false)
  const preview = usePreview(value)

  const upload = async () => {
    setBusy(true)
    try {
      const file = await picker.pick()
      if (file) {
        onChange(file.path)
        notify.success(toastMessages.uploaded)
      }
    } catch (error) {
      notify.warning(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.root}>
      <div className={styles.frame}>
        {busy ? <Spinner size="small" /> : preview ? <Image className={styles.image} src={preview} alt="已上传的图片" /> : <ImageRegular />}
      </div>
      <div className={styles.side}>
        <Text size={200} className={styles.hint}>
          支持 {uploadKinds.image.extensions.join('、')}，不超过 1MB
        </Text>
        <div className={styles.buttons}>
          <Button size="small" icon={<ArrowUploadRegular />} disabled={disabled || busy} onClick={() => void upload()}>
            {label}
          </Button>
          {value && (
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} disabled={disabled || busy} onClick={() => onChange(null)}>
              移除
            </Button>
          )}
        </div>
      </div>
      {picker.input}
    </div>
  )
}
