import { useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownloadRegular, DocumentArrowUpRegular } from '@fluentui/react-icons'
import { MAX_REPORTED_IMPORT_ISSUES, type MemberImportCheck } from '../../../src-shared/schemas/member'
import { call } from '../../lib/bridge'
import { useNotify } from '../../components/toast'
import { useFilePicker } from '../../components/upload/useFilePicker'
import { useDownloadTask } from '../../components/useDownloadTask'

type Step =
  | { name: 'pick' }
  | { name: 'working'; label: string }
  | { name: 'checked'; path: string; report: MemberImportCheck }

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  issues: { maxHeight: '320px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}` },
  muted: { color: tokens.colorNeutralForeground3 },
})

/**
 * 导入党员: choose a workbook, see every bad row and column in Chinese (the check
 * writes nothing), download the error workbook, then import the good rows.
 */
export function MemberImportDialog({ open, onClose, onImported }: { open: boolean; onClose(): void; onImported(): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const picker = useFilePicker('roster')
  const template = useDownloadTask()
  const errorReport = useDownloadTask()
  const [step, setStep] = useState<Step>({ name: 'pick' })
  const working = step.name === 'working'

  const close = () => {
    if (working) return
    setStep({ name: 'pick' })
    onClose()
  }

  const pickAndCheck = async () => {
    const before = step
    try {
      setStep({ name: 'working', label: '正在上传文件…' })
      const file = await picker.pick()
      if (!file) return setStep(before)
      setStep({ name: 'working', label: '正在检查数据…' })
      const report = await call('member.importCheck', { path: file.path })
      setStep({ name: 'checked', path: file.path, report })
    } catch (error) {
      notify.warning(error instanceof Error ? error.message : String(error))
      setStep(before)
    }
  }

  const commit = async (path: string) => {
    const before = step
    setStep({ name: 'working', label: '正在导入…' })
    try {
      const result = await call('member.importCommit', { path })
      notify.success(`导入完成：成功 ${result.imported} 人${result.skipped ? `，跳过 ${result.skipped} 行` : ''}`)
      onImported()
      setStep({ name: 'pick' })
      onClose()
    } catch (error) {
      notify.error(error)
      setStep(before)
    }
  }

  const report = step.name === 'checked' ? step.report : null
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>导入党员</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.row}>
              <Button icon={<DocumentArrowUpRegular />} appearance={report ? 'secondary' : 'primary'} disabled={working} onClick={() => void pickAndCheck()}>
                {report ? '重新选择文件' : '选择文件'}
              </Button>
              <Text className={styles.muted}>xlsx 或 xls 格式，请按模板填写</Text>
              <Link disabled={template.busy} onClick={() => void template.run('member.importTemplate')}>
                下载导入模板
              </Link>
            </div>
            {step.name === 'working' && <ProgressBar aria-label={step.label} />}
            {step.name === 'working' && <Text>{step.label}</Text>}
            {report && (
              <>
                <MessageBar intent={report.invalid > 0 ? 'warning' : 'success'}>
                  <MessageBarBody>
                    共 {report.total} 行，正确 {report.valid} 行，错误 {report.invalid} 行
                    {report.invalid > 0 ? '；错误的行不会导入' : ''}
                  </MessageBarBody>
                </MessageBar>
                {report.issues.length > 0 && (
                  <>
                    <div className={styles.row}>
                      <Text weight="semibold">错误明细</Text>
                      {report.errorFile && (
                        <Button
                          size="small"
                          icon={<ArrowDownloadRegular />}
                          disabled={errorReport.busy}
                          onClick={() => report.errorFile && void errorReport.run('files.get', { path: report.errorFile })}
                        >
                          下载错误报告
                        </Button>
                      )}
                      {report.issues.length >= MAX_REPORTED_IMPORT_ISSUES && (
                        <Text className={styles.muted}>仅列出前 {MAX_REPORTED_IMPORT_ISSUES} 条，全部错误见错误报告</Text>
                      )}
                    </div>
                    <div className={styles.issues}>
                      <Table size="small" aria-label="导入错误明细">
                        <TableHeader>
                          <TableRow>
                            <TableHeaderCell style={{ width: '80px' }}>行号</TableHeaderCell>
                            <TableHeaderCell style={{ width: '140px' }}>列</TableHeaderCell>
                            <TableHeaderCell>问题</TableHeaderCell>
                          </TableRow>
                        </TableHeader>
                        <TableBody>
                          {report.issues.map((issue, index) => (
                            <TableRow key={index}>
                              <TableCell>第 {issue.row} 行</TableCell>
                              <TableCell>{issue.column}</TableCell>
                              <TableCell>{issue.message}</TableCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    </div>
                  </>
                )}
              </>
            )}
            {picker.input}
          </DialogContent>
          <DialogActions>
            <Button disabled={working} onClick={close}>
              {report ? '取消' : '关闭'}
            </Button>
            {report && (
              <Button appearance="primary" disabled={report.valid === 0} onClick={() => void commit(step.name === 'checked' ? step.path : '')}>
                导入正确的 {report.valid} 行
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
