import { useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Text,
} from '@fluentui/react-components'
import { DocumentPdfRegular, PrintRegular } from '@fluentui/react-icons'
import { certificateTemplateLabels, certificateTemplates, type CertificateTemplate, type DocumentSpec } from '../../../src-shared/schemas/documents'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { MAX_PAGE_SIZE } from '../../../src-shared/schemas/common'
import { call } from '../../lib/bridge'
import { useDownloadTask } from '../../components/useDownloadTask'
import { certificates, nameTents, seatLabels, signInSheet, venuePaperLabels, type SheetOrder, type VenuePaper } from './venuePapers'

const useStyles = makeStyles({
  surface: { maxWidth: '680px' },
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  note: { color: '#666666' },
  action: { whiteSpace: 'nowrap', minWidth: 'max-content' },
})

const notes: Record<VenuePaper, string> = {
  seatChart: '当前页面上的座位编排，含主席台与排、列标注；大会场自动分页并选用A4或A3纸。',
  signInSheet: '全部报名人员，含单位、座位与签名栏，每页重复表头。',
  nameTents: '每人一张，A4纸两张，沿虚线对折后立于桌上。',
  seatLabels: '已安排座位的人员，每张标签含排、列与姓名，A4纸24张。',
  certificates: '已签到人员每人一张，含培训班、主办单位、学时与证书编号。',
}

/**
 * 场地材料: the papers a venue day needs, saved as PDF or printed. Drawn from the saved seat
 * plan (cached by 准备离线, so they are made offline too) and, for certificates, the
 * training and its check-ins (online).
 */
export function VenuePapersDialog({ trainId, open, onClose, seatChart }: { trainId: number; open: boolean; onClose(): void; seatChart?: () => DocumentSpec }) {
  const styles = useStyles()
  const papers: VenuePaper[] = seatChart ? ['seatChart', 'signInSheet', 'nameTents', 'seatLabels', 'certificates'] : ['signInSheet', 'nameTents', 'seatLabels', 'certificates']
  const [paper, setPaper] = useState<VenuePaper>('signInSheet')
  const [order, setOrder] = useState<SheetOrder>('seat')
  const [template, setTemplate] = useState<CertificateTemplate>('classic')
  const task = useDownloadTask()

  const make = async (): Promise<DocumentSpec> => {
    if (paper === 'seatChart' && seatChart) return seatChart()
    if (paper === 'certificates') {
      const [train, checkIns] = await Promise.all([call('train.get', { id: trainId }), call('checkin.list', { trainId, pageNum: 1, pageSize: MAX_PAGE_SIZE })])
      if (checkIns.records.length === 0) throw new AppError(ErrorKey.VALIDATION, '暂无已签到人员，无法生成结业证书')
      return certificates(train, checkIns.records, template)
    }
    const plan = await call('seat.plan', { trainId })
    if (paper === 'signInSheet') return signInSheet(plan, order)
    if (paper === 'nameTents') return nameTents(plan)
    return seatLabels(plan)
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>场地材料</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label="材料">
              <RadioGroup layout="horizontal" value={paper} onChange={(_, data) => setPaper(data.value as VenuePaper)}>
                {papers.map((p) => <Radio key={p} value={p} label={venuePaperLabels[p]} />)}
              </RadioGroup>
            </Field>
            {paper === 'signInSheet' && (
              <Field label="排序">
                <RadioGroup layout="horizontal" value={order} onChange={(_, data) => setOrder(data.value as SheetOrder)}>
                  <Radio value="seat" label="按座位" />
                  <Radio value="name" label="按姓名" />
                </RadioGroup>
              </Field>
            )}
            {paper === 'certificates' && (
              <Field label="证书模板">
                <Dropdown
                  value={certificateTemplateLabels[template]}
                  selectedOptions={[template]}
                  onOptionSelect={(_, data) => data.optionValue && setTemplate(data.optionValue as CertificateTemplate)}
                >
                  {certificateTemplates.map((t) => <Option key={t} value={t}>{certificateTemplateLabels[t]}</Option>)}
                </Dropdown>
              </Field>
            )}
            <Text className={styles.note}>{notes[paper]}</Text>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>关闭</Button>
            <Button className={styles.action} icon={<DocumentPdfRegular />} disabled={task.busy} onClick={() => void task.saveDocument(make)}>
              {task.busy ? '生成中...' : '导出PDF'}
            </Button>
            <Button className={styles.action} appearance="primary" icon={<PrintRegular />} disabled={task.busy} onClick={() => void task.print(make)}>
              打印
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
