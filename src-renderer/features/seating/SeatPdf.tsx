import { useEffect, useRef, useState } from 'react'
import type { PDFDocumentLoadingTask } from 'pdfjs-dist'
import { Button, makeStyles, MessageBar, Spinner, tokens } from '@fluentui/react-components'
import { ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons'
import type { SeatInfo } from '../../../src-shared/schemas/seating'
import { call } from '../../lib/bridge'
import { useConfirm } from '../../components/confirm'
import { EmptyState } from '../../components/EmptyState'
import { toastMessages, useNotify } from '../../components/toast'
import { useFilePicker } from '../../components/upload/useFilePicker'
import { openRangedPdf } from './rangedPdf'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS },
  pages: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'center', overflow: 'auto', maxHeight: 'calc(100vh - 320px)' },
  page: { border: `1px solid ${tokens.colorNeutralStroke2}`, maxWidth: '100%' },
})

/** Pages of the arrangement file shown, at most this many (a 500 MB file is not drawn whole). */
const MAX_PAGES = 10

/** Draws the stored PDF's pages with pdf.js (loaded only on this screen). */
function PdfPages({ path }: { path: string }) {
  const styles = useStyles()
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    let current = true
    let task: PDFDocumentLoadingTask | null = null
    const target = box.current
    const fail = () => current && setState('failed')
    ;(async () => {
      const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default
      // Read by ranges: only the pages drawn cross the bridge, never the whole file.
      task = await openRangedPdf(pdfjs, (start, end) => call('files.readRange', { path, start, end }), fail)
      if (!current) return void task.destroy()
      const doc = await task.promise
      target?.replaceChildren()
      for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES) && current; n++) {
        const page = await doc.getPage(n)
        const viewport = page.getViewport({ scale: 1.3 })
        const canvas = document.createElement('canvas')
        canvas.width = viewport.width
        canvas.height = viewport.height
        canvas.className = styles.page
        canvas.setAttribute('role', 'img')
        canvas.setAttribute('aria-label', `编排文件第${n}页`)
        target?.append(canvas)
        await page.render({ canvas, viewport }).promise
      }
      if (current) setState('ready')
    })().catch(fail)
    return () => {
      current = false
      void task?.destroy()
    }
  }, [path, styles.page])

  return (
    <>
      {state === 'loading' && <Spinner label="加载中..." />}
      {state === 'failed' && <MessageBar intent="error">pdf加载失败</MessageBar>}
      <div ref={box} className={styles.pages} />
    </>
  )
}

/** PDF arrangement (useSeat 2): one seat-chart PDF (≤ 500 MB) uploaded, shown, cleared. */
export function SeatPdf({ trainId, pdfUrl, onChange }: { trainId: number; pdfUrl: string | null; onChange(info: SeatInfo): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const confirm = useConfirm()
  const picker = useFilePicker('pdf')

  const set = async (next: string | null) => {
    onChange(await call('seat.setting', { id: trainId, pdfUrl: next }))
  }

  const upload = async () => {
    try {
      const file = await picker.pick()
      if (!file) return
      await set(file.path)
      notify.success(toastMessages.uploaded)
    } catch (error) {
      notify.warning(error instanceof Error ? error.message : '上传失败')
    }
  }

  const clear = async () => {
    if (!(await confirm({ message: '确认清空当前编排文件吗?', cancelledText: '已取消' }))) return
    try {
      await set(null)
      notify.success(toastMessages.done)
    } catch (error) {
      notify.error(error)
    }
  }

  return (
    <section className={styles.root} aria-label="PDF编排">
      <div className={styles.bar}>
        <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => void upload()}>
          {pdfUrl ? '重新上传编排文件' : '上传编排文件'}
        </Button>
        <Button icon={<DeleteRegular />} disabled={!pdfUrl} onClick={() => void clear()}>
          清空编排文件
        </Button>
        {picker.input}
      </div>
      {pdfUrl ? <PdfPages key={pdfUrl} path={pdfUrl} /> : <EmptyState text="还没有编排文件" />}
    </section>
  )
}
