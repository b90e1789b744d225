import { useEffect, useRef, useState } from 'react'
import { Button, Image, Link, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowUploadRegular, DismissRegular } from '@fluentui/react-icons'
import { checkUpload, uploadKinds, type UploadedFile, type UploadKind } from '../../src-shared/schemas/files'
import { call } from '../app/bridge'
import { useNotify } from './toast'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  preview: { maxWidth: '200px', maxHeight: '200px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  hidden: { display: 'none' },
})

/** Reads a picked file as base64 (without the data: prefix) for `files.uploadBytes`. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'))
    reader.readAsDataURL(file)
  })
}

/** A stored upload as a data: URI (images to preview, files to save). */
export function useStoredFile(path: string | null | undefined): string | null {
  const [dataUrl, setDataUrl] = useState<{ path: string; url: string } | null>(null)
  useEffect(() => {
    if (!path) return
    let current = true
    call('files.readAsDataUrl', { path })
      .then((url) => current && setDataUrl({ path, url }))
      .catch(() => current && setDataUrl(null))
    return () => {
      current = false
    }
  }, [path])
  return path && dataUrl?.path === path ? dataUrl.url : null
}

/** Saves a stored file under `fileName` through the browser's download (Electron shows its save dialog). */
export async function saveStoredFile(path: string, fileName: string): Promise<void> {
  const url = await call('files.readAsDataUrl', { path })
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.click()
}

export interface FileUploadProps {
  kind: UploadKind
  /** Stored path of the current file, or null. */
  value: string | null
  /** Shown for a non-image file (its original name); the path when unknown. */
  fileName?: string | null
  onChange(file: UploadedFile | null): void
  /** Accessible name of the pick button, e.g. 上传群二维码. */
  label: string
  /** Show the picture itself (image kinds). */
  preview?: boolean
  disabled?: boolean
}

/**
 * One file of an upload kind: type and size are checked before sending (the spec's
 * messages), the server checks the content again; failures show as warnings (spec 000 §8).
 */
export function FileUpload({ kind, value, fileName, onChange, label, preview = false, disabled }: FileUploadProps) {
  const styles = useStyles()
  const notify = useNotify()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const imageUrl = useStoredFile(preview ? value : null)
  const accept = uploadKinds[kind].extensions.map((ext) => `.${ext}`).join(',')

  const upload = async (file: File) => {
    const problem = checkUpload(kind, file.name, file.size)
    if (problem) {
      notify.warning(problem)
      return
    }
    setBusy(true)
    try {
      const [stored] = await call('files.uploadBytes', { kind, name: file.name, base64: await base64Of(file) })
      onChange(stored)
      notify.success('上传成功！')
    } catch (error) {
      notify.warning(error instanceof Error ? error.message : '上传失败')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.root}>
      {preview && value && (imageUrl ? <Image className={styles.preview} src={imageUrl} alt={label} /> : <Spinner size="tiny" />)}
      <div className={styles.row}>
        <Button
          icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
          aria-label={label}
        >
          {value ? '重新上传' : '选择文件'}
        </Button>
        {value && !preview && (
          <Link onClick={() => void saveStoredFile(value, fileName ?? value.split('/').pop() ?? value).catch(notify.error)}>
            {fileName ?? value}
          </Link>
        )}
        {value && (
          <Button appearance="subtle" icon={<DismissRegular />} disabled={disabled || busy} onClick={() => onChange(null)} aria-label={`移除${label}`} />
        )}
      </div>
      <Text size={200}>
        支持 {uploadKinds[kind].extensions.join('、')}，不超过 {uploadKinds[kind].maxBytes / 1024 / 1024}MB
      </Text>
      <input
        ref={input}
        className={styles.hidden}
        type="file"
        accept={accept}
        data-testid={`file-${label}`}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void upload(file)
        }}
      />
    </div>
  )
}
