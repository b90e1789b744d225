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
import { DocumentArrowUpRegular } from '@fluentui/react-icons'
import type { QuestionImportCheck, UseTypeValue } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { useNotify } from '../../components/toast'
import { useFilePicker } from '../../components/upload/useFilePicker'
import { useDownloadTask } from '../../components/useDownloadTask'

type Step = { name: 'pick' } | { name: 'working'; label: string } | { name: 'checked'; path: string; report: QuestionImportCheck }

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  issues: { maxHeight: '320px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}` },
  muted: { color: tokens.colorNeutralForeground3 },
})

/**
 * 导入题目: choose a workbook, see every bad question with its row and reason (the
 * check writes nothing), then import the good ones in one go; they await review.
 */
export function QuestionImportDialog({ open, useType, onClose, onImported }: { open: boolean; useType: UseTypeValue; onClose(): void; onImported(): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const picker = useFilePicker('roster')
  const template = useDownloadTask()
  const [step, setStep] = useState<Step>({ name: 'pick' })
  const working = step.name === 'working'
  const report = step.name === 'checked' ? step.report : null

  const close = () => {
    if (working) return
    setStep({ name: 'pick' })
    onClose()
  }

  /** Runs one stage with its progress line; on failure the dialog goes back to where it was. */
  const stage = async (label: string, work: () => Promise<Step | null>) => {
    const before = step
    try {
      setStep({ name: 'working', label })
      setStep((await work()) ?? before)
    } catch (error) {
      notify.error(error)
      setStep(before)
    }
  }

  const pickAndCheck = () =>
    stage('正在上传并检查文件…', async () => {
      const file = await picker.pick()
      if (!file) return null
      return { name: 'checked', path: file.path, report: await call('question.importCheck', { path: file.path, useType }) }
    })

  const commit = (path: string) =>
    stage('正在导入…', async () => {
      const result = await call('question.importCommit', { path, useType })
      notify.success(`导入完成：成功 ${result.imported} 道${result.skipped ? `，跳过 ${result.skipped} 道` : ''}`)
      onImported()
      onClose()
      return { name: 'pick' }
    })

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>导入题目</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.row}>
              <Button icon={<DocumentArrowUpRegular />} appearance={report ? 'secondary' : 'primary'} disabled={working} onClick={() => void pickAndCheck()}>
                {report ? '重新选择文件' : '选择文件'}
              </Button>
              <Text className={styles.muted}>xlsx 或 xls 格式，请按模板填写；导入的题目为未审核状态</Text>
              <Link disabled={template.busy} onClick={() => void template.run('question.importTemplate', { useType })}>
                下载导入模板
              </Link>
            </div>
            {step.name === 'working' && <ProgressBar aria-label={step.label} />}
            {step.name === 'working' && <Text>{step.label}</Text>}
            {report && (
              <MessageBar intent={report.invalid > 0 ? 'warning' : 'success'}>
                <MessageBarBody>
                  共 {report.total} 道，正确 {report.valid} 道，有问题 {report.invalid} 道{report.invalid > 0 ? '；有问题的题目不会导入' : ''}
                </MessageBarBody>
              </MessageBar>
            )}
            {report && report.issues.length > 0 && (
              <div className={styles.issues}>
                <Table size="small" aria-label="有问题的题目">
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell style={{ width: '80px' }}>行号</TableHeaderCell>
                      <TableHeaderCell style={{ width: '200px' }}>题目</TableHeaderCell>
                      <TableHeaderCell>原因</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {report.issues.map((issue) => (
                      <TableRow key={issue.row}>
                        <TableCell>第 {issue.row} 行</TableCell>
                        <TableCell>{issue.title || '（无题目名称）'}</TableCell>
                        <TableCell>{issue.reason}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
            {picker.input}
          </DialogContent>
          <DialogActions>
            <Button disabled={working} onClick={close}>
              {report ? '取消' : '关闭'}
            </Button>
            {step.name === 'checked' && (
              <Button appearance="primary" disabled={step.report.valid === 0} onClick={() => void commit(step.path)}>
                导入正确的 {step.report.valid} 道
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
