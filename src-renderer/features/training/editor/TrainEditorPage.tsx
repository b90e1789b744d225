import { useEffect, useState } from 'react'
import { Button, Card, Link, makeStyles, Spinner, Tab, TabList, Text, Title3, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular, ArrowRightRegular, DocumentRegular, SaveRegular } from '@fluentui/react-icons'
import { useForm } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { trainFormTabs, type TrainDetail } from '../../../../src-shared/schemas/training'
import { call } from '../../../app/bridge'
import { saveStoredFile } from '../../../components/FileUpload'
import { toastMessages, useNotify } from '../../../components/toast'
import { BasicTab } from './BasicTab'
import { checkForm, checkTab, emptyTrainForm, trainFormOf, type FormProblem, type FormTabKey, type TrainFormValues } from './form'
import { AttachmentsTab, GroupQrTab, ScheduleTab, SignInTab, SignUpOptionsTab } from './RowTabs'
import { ArchiveTab, CheckInQrTab, SignedUpTab, SignUpQrTab } from './SavedTabs'

export const TRAIN_LIST_PATH = '/trainingManagement/trainingManagement'

type SavedTabKey = 'signUpQr' | 'checkInQr' | 'archive' | 'signedUp'
type TabKey = FormTabKey | SavedTabKey

/** The union of the spec's wizard variants: the form tabs, then the tabs of a saved training. */
const tabs: readonly { key: TabKey; title: string; saved: boolean }[] = [
  ...trainFormTabs.map((t) => ({ key: t.key, title: t.title, saved: false })),
  { key: 'signUpQr', title: '报名二维码', saved: true },
  { key: 'checkInQr', title: '签到二维码', saved: true },
  { key: 'archive', title: '公文归档', saved: true },
  { key: 'signedUp', title: '已报名人员', saved: true },
]

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  card: { padding: tokens.spacingHorizontalXL },
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grow: { flex: 1 },
})

/**
 * 新增 / 编辑培训班 (spec 000 §2): one wizard for both. Next checks the tab being left;
 * saving checks every tab in the spec's order and opens the first incomplete one with
 * its alert. The QR codes, archive and sign-ups exist once the training is saved.
 */
export default function TrainEditorPage() {
  const styles = useStyles()
  const notify = useNotify()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const trainId = Number(params.get('trainId')) || null
  const form = useForm<TrainFormValues>({ defaultValues: emptyTrainForm() })
  const [detail, setDetail] = useState<TrainDetail | null>(null)
  const [tab, setTab] = useState<TabKey>('basic')
  const [saving, setSaving] = useState(false)
  const [generating, setGenerating] = useState(false)

  useEffect(() => {
    if (!trainId) return
    let current = true
    call('train.get', { id: trainId })
      .then((loaded) => {
        if (!current) return
        setDetail(loaded)
        form.reset(trainFormOf(loaded))
      })
      .catch((error: unknown) => current && notify.error(error))
    return () => {
      current = false
    }
  }, [trainId, form, notify])

  // An edited field loses its message; the next check says again what is still wrong.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => name && form.clearErrors(name as keyof TrainFormValues),
      }),
    [form],
  )

  const available = tabs.filter((t) => !t.saved || detail)
  const index = available.findIndex((t) => t.key === tab)

  const showProblems = (key: FormTabKey, problems: FormProblem[], alert: string) => {
    form.clearErrors()
    for (const problem of problems) form.setError(problem.path as keyof TrainFormValues, { type: 'schema', message: problem.message })
    setTab(key)
    notify.warning(alert)
  }

  const next = () => {
    const current = available[index]
    if (!current.saved) {
      const failure = checkTab(current.key as FormTabKey, form.getValues())
      if (failure) {
        showProblems(current.key as FormTabKey, failure.problems, failure.alert)
        return
      }
    }
    setTab(available[index + 1].key)
  }

  const save = async () => {
    const result = checkForm(form.getValues())
    if (!result.ok) {
      showProblems(result.tab, result.problems, result.alert)
      return
    }
    setSaving(true)
    try {
      if (trainId) await call('train.update', { ...result.body, id: trainId })
      else await call('train.create', result.body)
      notify.success(trainId ? toastMessages.updated : toastMessages.added)
      navigate(TRAIN_LIST_PATH)
    } catch (error) {
      notify.error(error)
    } finally {
      setSaving(false)
    }
  }

  const generate = async () => {
    if (!detail) return
    setGenerating(true)
    try {
      const { wordPath } = await call('train.notice', { id: detail.id })
      setDetail({ ...detail, wordPath })
      notify.success(toastMessages.done)
    } catch (error) {
      notify.error(error)
    } finally {
      setGenerating(false)
    }
  }

  if (trainId && !detail) return <Spinner label="加载中..." />
  const noticeName = detail ? `${detail.name}-培训通知.docx` : ''

  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => navigate(TRAIN_LIST_PATH)}>
          返回
        </Button>
        <Title3>{trainId ? '编辑培训班' : '新增培训班'}</Title3>
      </div>
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TabKey)} aria-label="培训班信息">
        {tabs.map((t) => (
          <Tab key={t.key} value={t.key} disabled={t.saved && !detail}>
            {t.title}
          </Tab>
        ))}
      </TabList>
      <Card className={styles.card} role="tabpanel" aria-label={tabs.find((t) => t.key === tab)?.title}>
        {tab === 'basic' && <BasicTab form={form} />}
        {tab === 'schedule' && <ScheduleTab form={form} />}
        {tab === 'signUpOptions' && <SignUpOptionsTab form={form} />}
        {tab === 'signIn' && <SignInTab form={form} />}
        {tab === 'groupQr' && <GroupQrTab form={form} />}
        {tab === 'attachments' && <AttachmentsTab form={form} />}
        {detail && tab === 'signUpQr' && <SignUpQrTab detail={detail} />}
        {detail && tab === 'checkInQr' && <CheckInQrTab detail={detail} />}
        {detail && tab === 'archive' && <ArchiveTab detail={detail} onChanged={setDetail} />}
        {detail && tab === 'signedUp' && <SignedUpTab detail={detail} />}
      </Card>
      <div className={styles.footer}>
        {!detail && <Text>二维码、公文归档和已报名人员在保存后可用。</Text>}
        {detail?.wordPath && (
          <Text>
            培训通知：
            <Link onClick={() => void saveStoredFile(detail.wordPath!, noticeName).catch(notify.error)}>{noticeName}</Link>
          </Text>
        )}
        <span className={styles.grow} />
        <Button icon={<ArrowLeftRegular />} disabled={index <= 0} onClick={() => setTab(available[index - 1].key)}>
          上一步
        </Button>
        <Button icon={<ArrowRightRegular />} iconPosition="after" disabled={index >= available.length - 1} onClick={next}>
          下一步
        </Button>
        {detail && (
          <Button icon={generating ? <Spinner size="tiny" /> : <DocumentRegular />} disabled={generating} onClick={() => void generate()}>
            生成文件
          </Button>
        )}
        <Button appearance="primary" icon={saving ? <Spinner size="tiny" /> : <SaveRegular />} disabled={saving} onClick={() => void save()}>
          保存
        </Button>
      </div>
    </div>
  )
}
