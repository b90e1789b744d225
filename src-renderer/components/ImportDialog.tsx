import { useState, type ReactNode } from 'react'
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
  Text,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownloadRegular, DocumentArrowUpRegular } from '@fluentui/react-icons'
import { importResultText, MAX_REPORTED_IMPORT_ISSUES, type ImportCheck, type ImportResult } from '../../src-shared/schemas/imports'
import { SmallTable } from './SmallTable'
import { useNotify } from './toast'
import { useFilePicker } from './upload/useFilePicker'
import { useDownloadTask } from './useDownloadTask'

type Step<Check> = { name: 'pick' } | { name: 'working'; label: string } | { name: 'checked'; path: string; report: Check }

/** What an import did, and what else it has to say (a seat list: where people sit). */
export type ImportOutcome = ImportResult & { note?: string }

/** `Check` is the dry run's answer: ImportCheck, or more (a seat list's arrangement). */
export interface ImportDialogProps<Check extends ImportCheck> {
  open: boolean
  /** 导入党员, 导入名单 … */
  title: string
  /** What a good row is counted in: 人, 道. */
  unit: string
  /** How to fill the file, shown beside 选择文件. */
  hint: ReactNode
  /** 下载导入模板, when the import has a template. */
  template?: { busy: boolean; download(): void }
  /** The dry run of an uploaded file: writes nothing. */
  check(path: string): Promise<Check>
  /** Imports the good rows of the checked file (the server checks them again). */
  commit(path: string, report: Check): Promise<ImportOutcome>
  onClose(): void
  onImported?(outcome: ImportOutcome): void
}

const useStyles = makeStyles({
  surface: { maxWidth: '800px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  issues: { maxHeight: '320px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}` },
  muted: { color: tokens.colorNeutralForeground3 },
})

/**
 * The one import flow of the console (docs/decisions.md, "One import rule"): choose a
 * workbook, see the dry run — the counts and every bad row with its row number, column
 * and reason, the error workbook to download — then 导入有效行 (only the good rows) or
 * 取消 (none). The result says what was done: 导入完成：成功 2 人，跳过 5 行.
 */
export function ImportDialog<Check extends ImportCheck>({ open, title, unit, hint, template, check, commit, onClose, onImported }: ImportDialogProps<Check>) {
  const styles = useStyles()
  const notify = useNotify()
  const picker = useFilePicker('roster')
  const errorReport = useDownloadTask()
  const [step, setStep] = useState<Step<Check>>({ name: 'pick' })
  const working = step.name === 'working'
  const report = step.name === 'checked' ? step.report : null

  const close = () => {
    if (working) return
    setStep({ name: 'pick' })
    onClose()
  }

  /** Runs one stage with its progress line; on failure the dialog says why and goes back to where it was. */
  const stage = async (label: string, work: () => Promise<Step<Check> | null>) => {
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
      return { name: 'checked', path: file.path, report: await check(file.path) }
    })

  const importGood = (path: string, checked: Check) =>
    stage('正在导入…', async () => {
      const outcome = await commit(path, checked)
      notify.success(`${importResultText(outcome, unit)}${outcome.note ? `；${outcome.note}` : ''}`)
      onImported?.(outcome)
      onClose()
      return { name: 'pick' }
    })

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.row}>
              <Button icon={<DocumentArrowUpRegular />} appearance={report ? 'secondary' : 'primary'} disabled={working} onClick={() => void pickAndCheck()}>
                {report ? '重新选择文件' : '选择文件'}
              </Button>
              {template && (
                <Link disabled={template.busy} onClick={template.download}>
                  下载导入模板
                </Link>
              )}
            </div>
            <Text className={styles.muted}>{hint}</Text>
            <Text className={styles.muted}>选择文件后先逐行检查、不写入数据：有误的行列出原因，再由您决定只导入有效行或取消。</Text>
            {step.name === 'working' && <ProgressBar aria-label={step.label} />}
            {step.name === 'working' && <Text>{step.label}</Text>}
            {report && (
              <MessageBar intent={report.invalid > 0 ? 'warning' : 'success'}>
                <MessageBarBody>
                  共 {report.total} 行：有效 {report.valid} 行，有误 {report.invalid} 行
                  {report.invalid > 0 ? (report.valid > 0 ? '。导入时将跳过有误的行' : '。没有可导入的行，请修改后重新选择文件') : ''}
                </MessageBarBody>
              </MessageBar>
            )}
            {report && report.issues.length > 0 && (
              <>
                <div className={styles.row}>
                  <Text weight="semibold">有误的行</Text>
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
                    <Text className={styles.muted}>仅列出前 {MAX_REPORTED_IMPORT_ISSUES} 条，全部见错误报告</Text>
                  )}
                </div>
                <div className={styles.issues}>
                  <SmallTable
                    label="有误的行"
                    rows={report.issues}
                    rowKey={(_, index) => index}
                    columns={[
                      { key: 'row', title: '行号', width: '88px', render: (issue) => `第 ${issue.row} 行` },
                      { key: 'column', title: '列', width: '140px', render: (issue) => issue.column || '—' },
                      { key: 'message', title: '原因', render: (issue) => issue.message },
                    ]}
                  />
                </div>
              </>
            )}
            {picker.input}
          </DialogContent>
          <DialogActions>
            <Button disabled={working} onClick={close}>
              {report ? '取消' : '关闭'}
            </Button>
            {step.name === 'checked' && (
              <Button appearance="primary" disabled={step.report.valid === 0} onClick={() => void importGood(step.path, step.report)}>
                导入有效行
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
