import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Button, Card, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Tab, TabList, Text, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular, ArrowRightRegular, DocumentRegular, SaveRegular } from '@fluentui/react-icons'
import { useForm } from 'react-hook-form'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { trainFormTabs, type TrainDetail } from '../../../../src-shared/schemas/training'
import { call } from '../../../lib/bridge'
import { DraftNote, useDraft } from '../../../components/drafts'
import { useLeaveGuard } from '../../../components/leaveGuard'
import { RecordUnavailable } from '../../../components/RecordUnavailable'
import { addedState } from '../../../components/ResourceTable'
import { idParamOf, useRecordById } from '../../../components/useRecordById'
import { toastMessages, useNotify } from '../../../components/toast'
import { BasicTab } from './BasicTab'
import { NoticeFile, noticeFileName } from './NoticeFile'
import { checkForm, checkTab, emptyTrainForm, trainFormOf, type FormProblem, type FormTabKey, type TrainFormValues } from './form'
import type { CopiedTraining } from '../CopyTrainingDialog'
import { AttachmentsTab, GroupQrTab, ScheduleTab, SignInTab, SignUpOptionsTab } from './RowTabs'
import { ArchiveTab, CheckInQrTab, SignedUpTab, SignUpQrTab } from './SavedTabs'
import { ScreenTitle } from '../../../components/ScreenTitle'

export const TRAIN_LIST_PATH = '/trainingManagement/trainingManagement'

const loadTraining = (id: number): Promise<TrainDetail> => call('train.get', { id })

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
  const trainId = idParamOf(params, 'trainId')
  // The address names the page: `trainEdit` always edits a training, and one without a
  // valid `trainId` (e.g. `?id=5`) is 培训班不存在, never an empty form that would create one.
  const location = useLocation()
  const editing = location.pathname.endsWith('/trainEdit')
  const form = useForm<TrainFormValues>({ defaultValues: emptyTrainForm() })
  const loaded = useRecordById(editing ? trainId : null, loadTraining)
  const detail = loaded.state.status === 'found' ? loaded.state.record : null
  const setDetail = loaded.replace
  const [tab, setTab] = useState<TabKey>('basic')
  /** The toast of the last incomplete tab, while it may still be showing. */
  const tabAlert = useRef<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [generating, setGenerating] = useState(false)
  /** Whether 生成文件 has just made the notice: the page then says so with the file's name. */
  const [generated, setGenerated] = useState(false)
  const [showFirstProblem, setShowFirstProblem] = useState(0)
  const panel = useRef<HTMLDivElement>(null)

  // The form starts from the loaded record (once per record loaded, not per later copy).
  const loadedId = detail?.id
  const startFrom = useEffectEvent((record: TrainDetail) => form.reset(trainFormOf(record)))
  useEffect(() => {
    if (loadedId !== undefined && detail) startFrom(detail)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly loaded record resets the form
  }, [loadedId])

  // 复制培训班: the copy fills the new training once (as typed work, so leaving asks and a draft is kept);
  // the router state goes at once, so a reload does not lay the copy over a draft typed since.
  const copied = editing ? undefined : (location.state as Partial<CopiedTraining> | null)?.copyOf
  const startFromCopy = useEffectEvent((values: TrainFormValues) => {
    form.reset(values, { keepDefaultValues: true })
    notify.info('已复制培训班的设置，请检查新的日期和内容后保存')
    navigate(location.pathname, { replace: true, state: null })
  })
  useEffect(() => {
    if (copied) startFromCopy(copied)
  }, [copied])

  // An edited field loses its message; the next check says again what is still wrong.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => name && form.clearErrors(name as keyof TrainFormValues),
      }),
    [form],
  )

  // Read during render so the form tracks it; 返回, any other route change, a reload and a closed window ask before typed work is left.
  const { isDirty } = form.formState
  const leave = useLeaveGuard(isDirty)
  // The draft of a new training, or of this training once it is loaded (restored over the loaded record).
  const draft = useDraft(form, editing ? (detail ? `train:${detail.id}` : null) : 'train:new')

  const available = tabs.filter((t) => !t.saved || detail)
  const index = available.findIndex((t) => t.key === tab)

  /** Goes to a tab; the alert about the tab left (请将报名选项填写完整) goes with it, as it no longer applies. */
  const openTab = (key: TabKey) => {
    if (tabAlert.current) notify.dismiss(tabAlert.current)
    tabAlert.current = null
    setTab(key)
  }

  const showProblems = (key: FormTabKey, problems: FormProblem[], alert: string) => {
    form.clearErrors()
    for (const problem of problems) form.setError(problem.path as keyof TrainFormValues, { type: 'schema', message: problem.message })
    openTab(key)
    setShowFirstProblem((n) => n + 1)
    tabAlert.current = notify.warning(alert)
  }

  // Once the tab with the problems is drawn, its first field in error is brought into view and focused.
  useEffect(() => {
    if (showFirstProblem === 0) return
    const field = panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    field?.scrollIntoView({ block: 'center', behavior: 'smooth' })
    field?.focus({ preventScroll: true })
  }, [showFirstProblem])

  const next = () => {
    const current = available[index]
    if (!current.saved) {
      const failure = checkTab(current.key as FormTabKey, form.getValues())
      if (failure) {
        showProblems(current.key as FormTabKey, failure.problems, failure.alert)
        return
      }
    }
    openTab(available[index + 1].key)
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
      // The list marks the training just added (first, whatever its page or filter).
      const added = trainId ? undefined : addedState(await call('train.create', result.body))
      draft.done()
      leave.release()
      notify.success(trainId ? toastMessages.updated : toastMessages.added)
      navigate(TRAIN_LIST_PATH, { state: added })
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
      setGenerated(true)
      notify.success(`已生成文件：${noticeFileName(detail.name)}`)
    } catch (error) {
      notify.error(error)
    } finally {
      setGenerating(false)
    }
  }

  if (editing && loaded.state.status !== 'found') {
    return <RecordUnavailable state={loaded.state} notFoundText="培训班不存在" backTo={TRAIN_LIST_PATH} onRetry={loaded.reload} />
  }

  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => navigate(TRAIN_LIST_PATH)}>
          返回
        </Button>
        <ScreenTitle inHeader>{trainId ? '编辑培训班' : '新增培训班'}</ScreenTitle>
      </div>
      {detail?.rejectReason && (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>未通过审核</MessageBarTitle>
            驳回原因：{detail.rejectReason}（修改后保存即重新提交审核）
          </MessageBarBody>
        </MessageBar>
      )}
      <DraftNote draft={draft} />
      <TabList selectedValue={tab} onTabSelect={(_, data) => openTab(data.value as TabKey)} aria-label="培训班信息">
        {tabs.map((t) => (
          <Tab key={t.key} value={t.key} disabled={t.saved && !detail}>
            {t.title}
          </Tab>
        ))}
      </TabList>
      <Card ref={panel} className={styles.card} role="tabpanel" aria-label={tabs.find((t) => t.key === tab)?.title}>
        {/* The fields show once the draft check has answered: by then an edited training's record is in the form, so its reset never replaces what was typed. */}
        {!draft.ready ? (
          <Spinner label="正在加载..." />
        ) : (
          <>
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
          </>
        )}
      </Card>
      {detail?.wordPath && generated && <NoticeFile path={detail.wordPath} trainName={detail.name} fresh />}
      <div className={styles.footer}>
        {!detail && <Text>二维码、公文归档和已报名人员在保存后可用。</Text>}
        {detail?.wordPath && !generated && <NoticeFile path={detail.wordPath} trainName={detail.name} fresh={false} />}
        <span className={styles.grow} />
        <Button icon={<ArrowLeftRegular />} disabled={index <= 0} onClick={() => openTab(available[index - 1].key)}>
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
