import { useEffect, useId, useRef, useState } from 'react'
import { Button, Field, Image, Link, makeStyles, ProgressBar, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowUploadRegular, DismissRegular } from '@fluentui/react-icons'
import { checkUpload, uploadKinds, type UploadedFile, type UploadKind } from '../../src-shared/schemas/files'
import { call, onEvent } from '../lib/bridge'
import { useNotify } from './toast'
import { hasNativeDialogs } from './upload/useFilePicker'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  preview: { maxWidth: '200px', maxHeight: '200px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  hidden: { display: 'none' },
  progress: { width: '320px', maxWidth: '100%' },
})

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

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
  /** Offer removing the file (a field that may be cleared); off where only replacing makes sense. */
  removable?: boolean
  disabled?: boolean
}

/**
 * One file of an upload kind: type and size are checked before sending (the spec's
 * messages), the server checks the content again; failures show as warnings (spec 000 §8).
 */
export function FileUpload({ kind, value, fileName, onChange, label, preview = false, removable = true, disabled }: FileUploadProps) {
  const styles = useStyles()
  const notify = useNotify()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<{ done: number; total: number } | null>(null)
  /** Counts uploads and cancels: only the latest upload's outcome reaches the field. */
  const attempt = useRef(0)
  const taskId = useId()
  const imageUrl = useStoredFile(preview ? value : null)
  const accept = uploadKinds[kind].extensions.map((ext) => `.${ext}`).join(',')

  useEffect(() => onEvent('progress', (event) => event.taskId === taskId && setSent({ done: event.done, total: event.total })), [taskId])

  /** One upload under this field's taskId; after 取消 its outcome is ignored and the field stays as it was. */
  const run = async (send: (isCurrent: () => boolean) => Promise<UploadedFile[] | null>) => {
    const mine = ++attempt.current
    const isCurrent = () => attempt.current === mine
    setSent(null)
    setBusy(true)
    try {
      const stored = (await send(isCurrent))?.[0]
      if (stored && isCurrent()) {
        onChange(stored)
        notify.success('上传成功！')
      }
    } catch (error) {
      if (isCurrent()) notify.warning(error instanceof Error ? error.message : '上传失败')
    } finally {
      if (isCurrent()) setBusy(false)
    }
  }

  const upload = (file: File) => {
    const problem = checkUpload(kind, file.name, file.size)
    if (problem) return notify.warning(problem)
    // The web host has no other way than base64 over its bridge; progress is core → server.
    return run(async (isCurrent) => {
      const base64 = await base64Of(file)
      return isCurrent() ? call('files.uploadBytes', { kind, name: file.name, base64, taskId }) : null
    })
  }

  // Electron: the core reads the chosen file from disk itself, however large.
  const choose = async () => {
    if (await hasNativeDialogs()) await run(() => call('files.pickAndUpload', { kind, taskId }))
    else input.current?.click()
  }

  const cancel = () => {
    attempt.current++
    setBusy(false)
    notify.info('已取消上传')
    void call('files.cancel', { taskId })
  }

  return (
    <div className={styles.root}>
      {preview && value && (imageUrl ? <Image className={styles.preview} src={imageUrl} alt={label} /> : <Spinner size="tiny" />)}
      <div className={styles.row}>
        <Button
          icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
          disabled={disabled || busy}
          onClick={() => void choose()}
          aria-label={label}
        >
          {value ? '重新上传' : '选择文件'}
        </Button>
        {value && !preview && (
          <Link onClick={() => void saveStoredFile(value, fileName ?? value.split('/').pop() ?? value).catch(notify.error)}>
            {fileName ?? value}
          </Link>
        )}
        {value && removable && (
          <Button appearance="subtle" icon={<DismissRegular />} disabled={disabled || busy} onClick={() => onChange(null)} aria-label={`移除${label}`} />
        )}
      </div>
      {busy && (
        <div className={styles.row}>
          <Field
            className={styles.progress}
            validationState="none"
            validationMessage={sent ? `已上传 ${megabytes(sent.done)} MB / ${megabytes(sent.total)} MB` : '正在准备上传…'}
          >
            <ProgressBar value={sent && sent.total > 0 ? sent.done / sent.total : undefined} aria-label={`${label}进度`} />
          </Field>
          <Button onClick={cancel}>取消</Button>
        </div>
      )}
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
