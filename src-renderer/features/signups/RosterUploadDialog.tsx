import { useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components'
import { ArrowUploadRegular } from '@fluentui/react-icons'
import { AppError, type FieldIssue } from '../../../src-shared/errors'
import { call } from '../../lib/bridge'
import { pickAndUploadOne } from '../../lib/upload'
import { toastMessages, useNotify } from '../../components/toast'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  report: { maxHeight: '320px', overflowY: 'auto' },
  where: { width: '160px' },
})

/** The message without the place the 位置 column shows already (`第3行：…` → `…`). */
function withoutPlace(issue: FieldIssue): string {
  const prefix = `${issue.path}：`
  return issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message
}

/**
 * 导入名单: the user chooses an xls/xlsx roster, it is uploaded and imported in one step.
 * The server checks every row first and imports nothing when any row is wrong; those
 * rows are listed here so the user can fix the file and choose it again.
 */
export function RosterUploadDialog({
  trainId,
  open,
  onClose,
  onImported,
}: {
  trainId: number
  open: boolean
  onClose(): void
  onImported(count: number): void
}) {
  const styles = useStyles()
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  const [issues, setIssues] = useState<FieldIssue[]>([])

  const close = () => {
    setIssues([])
    onClose()
  }

  const choose = async () => {
    setBusy(true)
    setIssues([])
    try {
      const file = await pickAndUploadOne('roster')
      if (!file) return
      const { imported } = await call('signup.upload', { trainId, path: file.path })
      notify.success(toastMessages.uploaded)
      setIssues([])
      onImported(imported)
    } catch (error) {
      if (error instanceof AppError && error.issues?.length) setIssues(error.issues)
      else notify.warning(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !busy && close()}>
      <DialogSurface style={{ width: '720px', maxWidth: '95vw' }}>
        <DialogBody>
          <DialogTitle>导入名单</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>
              请选择 xlsx 或 xls 格式的名单文件：第 1 行为表头（与“导出名单”相同，至少有“手机号”列），以下每人一行，按手机号对应党员。
              导入前会逐行检查，只要有一行出错，整个文件都不会导入。
            </Text>
            {issues.length > 0 && (
              <>
                <MessageBar intent="error">
                  <MessageBarBody>名单有 {issues.length} 处错误，未导入任何人员。请修改后重新选择文件。</MessageBarBody>
                </MessageBar>
                <div className={styles.report}>
                  <Table size="small" aria-label="名单错误">
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell className={styles.where}>位置</TableHeaderCell>
                        <TableHeaderCell>问题</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {issues.map((issue, index) => (
                        <TableRow key={index}>
                          <TableCell>{issue.path}</TableCell>
                          <TableCell>{withoutPlace(issue)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={busy} onClick={close}>
              关闭
            </Button>
            <Button
              appearance="primary"
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
              onClick={() => void choose()}
            >
              {busy ? '正在导入…' : '选择文件并导入'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
