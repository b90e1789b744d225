import { useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Field, Input, makeStyles, Radio, RadioGroup, Spinner, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowUploadRegular, DeleteRegular, DocumentBulletListRegular, DoorArrowLeftRegular, PeopleRegular, PrintRegular, SaveRegular, TableRegular } from '@fluentui/react-icons'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { seatColumns, seatModeLabels, seatModes, seatRows, type SeatConflict, type SeatInfo, type SeatListImport, type SeatMode, type SeatPlan } from '../../../src-shared/schemas/seating'
import type { SyncConflict } from '../../../src-shared/schemas/sync'
import { call, onEvent } from '../../lib/bridge'
import { XLSX_MIME } from '../../lib/workbook'
import { useConfirm } from '../../components/confirm'
import { RecordUnavailable } from '../../components/RecordUnavailable'
import { toastMessages, useNotify } from '../../components/toast'
import { useDownloadTask } from '../../components/useDownloadTask'
import { idParamOf, useRecordById } from '../../components/useRecordById'
import { DOOR_PATH, TRAINING_LIST_PATH } from '../signups/TrainingHeader'
import { SeatHeader } from './SeatHeader'
import { clearSeat, emptyArrangement, filledCount, fromList, fromPlan, mergeWithServer, move, place, seatEveryone, setGroup, toLocations, unseated, type Arrangement } from './arrangement'
import { ConflictDialog, type ConflictChoice, type PlanConflict } from './ConflictDialog'
import { PrepareOfflineButton } from './PrepareOfflineButton'
import { SeatGrid } from './SeatGrid'
import { SeatPdf } from './SeatPdf'
import { SeatListImportDialog } from './SeatListImportDialog'
import { SeatPictures } from './SeatPictures'
import { UnseatedList } from './UnseatedList'
import { exportSeatList } from './seatList'
import { seatChartDocument } from './seatChart'
import { VenuePapersDialog } from '../venue/VenuePapersDialog'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  size: { width: '90px' },
  body: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  hall: { flexGrow: 1, minWidth: 0 },
  footer: { display: 'flex', gap: tokens.spacingHorizontalM, justifyContent: 'flex-end' },
})

const SHORT_SEATS = '剩余座位不足，请重新生成座位表'

const loadPlan = (trainId: number): Promise<SeatPlan> => call('seat.plan', { trainId })

/** A fresh key per save attempt: a repeated delivery of one attempt is applied once by the server. */
const newKey = () => crypto.randomUUID()

/** /trainingManagement/fieldSeat?id=: venue and seat arrangement of one training (spec 000 §2). */
export default function FieldSeatPage() {
  const styles = useStyles()
  const [params] = useSearchParams()
  const trainId = idParamOf(params, 'id')
  const navigate = useNavigate()
  const notify = useNotify()
  const confirm = useConfirm()
  const [plan, setPlan] = useState<SeatPlan | null>(null)
  const [a, setA] = useState<Arrangement>(() => emptyArrangement(4, 5))
  const [mode, setMode] = useState<SeatMode>(0)
  const [size, setSize] = useState({ rows: '4', columns: '5' })
  const [sizeErrors, setSizeErrors] = useState<{ rows?: string; columns?: string }>({})
  const [pickedPerson, setPickedPerson] = useState<number | null>(null)
  const [pickedSeat, setPickedSeat] = useState<number | null>(null)
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState<SeatConflict | null>(null)
  /** A save queued offline that the server refused when it was synced. */
  const [queuedConflict, setQueuedConflict] = useState<SyncConflict | null>(null)
  /** The grid the seat list import dialog reads its list against; null while it is closed. */
  const [listGrid, setListGrid] = useState<{ rows: number; columns: number } | null>(null)
  const madeFile = useDownloadTask()
  const [papersOpen, setPapersOpen] = useState(false)

  const adopt = useCallback((next: SeatPlan) => {
    setPlan(next)
    setA(fromPlan(next))
    setMode((seatModes as readonly number[]).includes(next.useSeat) ? (next.useSeat as SeatMode) : 0)
    setSize({ rows: String(next.rowNumber), columns: String(next.columnNumber) })
  }, [])

  // The page edits its own copy of the plan: it takes the loaded one as it arrives.
  const loadAndAdopt = useCallback((id: number) => loadPlan(id).then((loaded) => (adopt(loaded), loaded)), [adopt])
  const loaded = useRecordById(trainId, loadAndAdopt)

  useEffect(() => {
    if (trainId === null) return
    const look = () => call('sync.conflicts', { trainId }).then(([first]) => setQueuedConflict(first ?? null), () => undefined)
    void look()
    return onEvent('sync.status', (status) => void (status.conflicts > 0 && look()))
  }, [trainId])

  // People whose sign-up was cancelled keep the name a conflict gives them.
  const departed = conflict?.departed ?? queuedConflict?.departed
  const names = useMemo(
    () => new Map([...(departed ?? []).map((d) => [d.trainSignUpMemberId, d.name] as const), ...(plan?.people.map((p) => [p.trainSignUpMemberId, p.name] as const) ?? [])]),
    [plan, departed],
  )
  const nameOf = useCallback((id: number) => names.get(id) ?? '（已取消报名）', [names])
  const waiting = useMemo(() => (plan ? unseated(a, plan.people) : []), [a, plan])

  const onSeat = useCallback(
    (index: number) => {
      if (pickedPerson !== null) {
        setA((cur) => place(cur, index, pickedPerson))
        setPickedPerson(null)
      } else if (pickedSeat !== null) {
        if (pickedSeat !== index) setA((cur) => move(cur, pickedSeat, index))
        setPickedSeat(null)
      } else if (a.seats[index] !== null) {
        setPickedSeat(index)
      } else {
        notify.warning('请单击表格中用户进行选择')
      }
    },
    [pickedPerson, pickedSeat, a.seats, notify],
  )

  const onClear = useCallback((index: number) => {
    setA((cur) => clearSeat(cur, index))
    setPickedSeat(null)
  }, [])

  const onDrop = useCallback((index: number, payload: string) => {
    const [kind, value] = payload.split(':')
    if (kind === 'person') setA((cur) => place(cur, index, Number(value)))
    if (kind === 'seat') setA((cur) => move(cur, Number(value), index))
    setPickedPerson(null)
    setPickedSeat(null)
  }, [])

  /**
   * The PDF is stored at once and raises the revision: the page's save builds on that
   * revision only when it was the sole change since loading, so a change made elsewhere
   * meanwhile still shows as a conflict.
   */
  const onPdfSet = useCallback(
    (info: SeatInfo) => setPlan((cur) => cur && { ...cur, pdfUrl: info.pdfUrl, revision: info.revision === cur.revision + 1 ? info.revision : cur.revision }),
    [],
  )

  const onGroup = useCallback((column: number, group: number | null) => setA((cur) => setGroup(cur, column, group)), [])

  if (loaded.state.status !== 'found') return <RecordUnavailable state={loaded.state} notFoundText="培训班不存在" backTo={TRAINING_LIST_PATH} onRetry={loaded.reload} />
  if (trainId === null || !plan) return <Spinner label="加载中..." />

  const generate = async () => {
    const rows = seatRows.safeParse(size.rows)
    const columns = seatColumns.safeParse(size.columns)
    setSizeErrors({ rows: rows.error?.issues[0]?.message, columns: columns.error?.issues[0]?.message })
    if (!rows.success || !columns.success) return
    if (filledCount(a) > 0 && !(await confirm({ message: '确定要重新生成座位吗?', cancelledText: '已取消' }))) return
    setA(emptyArrangement(rows.data, columns.data))
    setPickedSeat(null)
  }

  const seatAll = () => {
    const next = seatEveryone(a, plan.people)
    if (!next) notify.warning(SHORT_SEATS)
    else setA(next)
  }

  const exportList = () =>
    madeFile.save(async () => ({ name: `${plan.trainName}座位名单.xlsx`, contentType: XLSX_MIME, bytes: await exportSeatList(a, plan.people) }))

  /** An imported list's good rows, read against the grid on screen: they replace the arrangement there. Nothing is saved yet. */
  const applyList = (list: SeatListImport, grid: { rows: number; columns: number }) => {
    setA((cur) => (cur.rows === grid.rows && cur.columns === grid.columns ? fromList(cur, list) : cur))
    setPickedSeat(null)
  }

  const printChart = () => madeFile.saveDocument(() => seatChartDocument(plan.trainName, a, nameOf))

  const save = async (base: number, arrangement = a) => {
    setSaving(true)
    try {
      const result = await call('seat.save', {
        trainId,
        rowNumber: arrangement.rows,
        columnNumber: arrangement.columns,
        useSeat: mode,
        trainMemberLocations: toLocations(arrangement),
        baseRevision: base,
        idempotencyKey: newKey(),
      })
      if (result.outcome === 'conflict') {
        setConflict(result)
        return
      }
      // What the server stored is this page's base from now on, should the page stay on screen
      // (a navigation away interrupted by another): a save made from it then builds on that
      // revision, not on the one loaded before, which would read the clerk's next change as none.
      if (result.outcome === 'saved') {
        if (result.plan) adopt(result.plan)
        else setPlan((cur) => cur && { ...cur, revision: result.revision })
      }
      notify.success(toastMessages.saved)
      if (result.outcome === 'saved' && result.plan) notify.info('已与他人同时所做的修改自动合并（双方修改的是不同的座位）')
      if (result.outcome === 'queued') notify.info(`已保存到本机，联网后自动同步（待同步 ${result.pending} 项）`)
      navigate(TRAINING_LIST_PATH)
    } catch (error) {
      notify.error(error)
    } finally {
      setSaving(false)
    }
  }

  /** The user's decision on a queued save: the core keeps or drops the local version; a merge is edited here and saved anew. */
  const resolveQueued = async (choice: ConflictChoice | null) => {
    const queued = queuedConflict
    setQueuedConflict(null)
    if (!queued || choice === null) return
    try {
      await call('sync.resolve', { seq: queued.seq, choice: choice === 'mine' ? 'mine' : 'server' })
      if (choice === 'merge') {
        setPlan(queued.server)
        setA(mergeWithServer(queued, fromPlan(queued.mine), 'theirs').arrangement)
        notify.info('已合并，请检查后保存')
      } else {
        adopt(await call('seat.plan', { trainId: queued.trainId }))
        notify.success(toastMessages.done)
      }
    } catch (error) {
      notify.error(error)
    }
  }

  /** The user's decision on a save the server answered with a conflict: mine and merge are three-way merges on the server's plan. */
  const resolve = (choice: ConflictChoice | null) => {
    const answer = conflict
    setConflict(null)
    if (!answer || choice === null) return
    const server = answer.plan
    setPlan(server)
    const merged = (prefer: 'mine' | 'theirs') => mergeWithServer({ base: answer.base, server }, a, prefer).arrangement
    if (choice === 'mine') {
      const mine = merged('mine')
      setA(mine)
      void save(server.revision, mine)
    } else if (choice === 'server') adopt(server)
    else {
      setA(merged('theirs'))
      notify.info('已合并，请检查后保存')
    }
  }

  const shown: PlanConflict | null = conflict
    ? { mine: a, server: conflict.plan, base: conflict.base, changes: conflict.changes, departed: conflict.departed }
    : queuedConflict && { ...queuedConflict, mine: fromPlan(queuedConflict.mine) }

  return (
    <div className={styles.page}>
      <SeatHeader
        title={`会场安排：${plan.trainName}`}
        aside={
          <>
            <Button icon={<DoorArrowLeftRegular />} onClick={() => navigate(`${DOOR_PATH}?id=${trainId}`)}>
              签到台
            </Button>
            <PrepareOfflineButton trainId={trainId} />
          </>
        }
      />
      <RadioGroup layout="horizontal" aria-label="编排方式" value={String(mode)} onChange={(_, d) => setMode(Number(d.value) as SeatMode)}>
        {seatModes.map((m) => (
          <Radio key={m} value={String(m)} label={seatModeLabels[m]} />
        ))}
      </RadioGroup>

      {mode === 0 && (
        <>
          <div className={styles.bar}>
            <Field label="行数" validationMessage={sizeErrors.rows}>
              <Input className={styles.size} value={size.rows} onChange={(_, d) => setSize((s) => ({ ...s, rows: d.value }))} />
            </Field>
            <Field label="列数" validationMessage={sizeErrors.columns}>
              <Input className={styles.size} value={size.columns} onChange={(_, d) => setSize((s) => ({ ...s, columns: d.value }))} />
            </Field>
            <Button icon={<TableRegular />} onClick={() => void generate()}>
              生成座位表
            </Button>
            <Button icon={<PeopleRegular />} onClick={seatAll}>
              一键排座
            </Button>
            <Button icon={<DeleteRegular />} disabled={pickedSeat === null} onClick={() => pickedSeat !== null && onClear(pickedSeat)}>
              删除座位人员
            </Button>
            <Button icon={<ArrowDownloadRegular />} disabled={madeFile.busy} onClick={() => void exportList()}>
              导出名单
            </Button>
            <Button icon={<ArrowUploadRegular />} onClick={() => setListGrid({ rows: a.rows, columns: a.columns })}>
              导入名单
            </Button>
            <Button icon={<PrintRegular />} disabled={madeFile.busy} onClick={() => void printChart()}>
              打印座位表
            </Button>
            <Button icon={<DocumentBulletListRegular />} onClick={() => setPapersOpen(true)}>
              场地材料
            </Button>
          </div>
          <div className={styles.body}>
            <UnseatedList people={waiting} picked={pickedPerson} onPick={(id) => (setPickedPerson(id), setPickedSeat(null))} />
            <div className={styles.hall}>
              <SeatGrid arrangement={a} nameOf={nameOf} pickedSeat={pickedSeat} onSeat={onSeat} onClear={onClear} onDrop={onDrop} onGroup={onGroup} />
            </div>
          </div>
        </>
      )}
      {mode === 1 && <SeatPictures trainId={trainId} />}
      {listGrid && (
        <SeatListImportDialog trainId={trainId} grid={listGrid} open onClose={() => setListGrid(null)} onApply={(list) => applyList(list, listGrid)} />
      )}
      <VenuePapersDialog trainId={trainId} open={papersOpen} onClose={() => setPapersOpen(false)} seatChart={() => seatChartDocument(plan.trainName, a, nameOf)} />
      {mode === 2 && <SeatPdf trainId={trainId} pdfUrl={plan.pdfUrl} onChange={onPdfSet} />}

      <div className={styles.footer}>
        <Button onClick={() => navigate(TRAINING_LIST_PATH)}>取消</Button>
        <Button appearance="primary" icon={saving ? <Spinner size="tiny" /> : <SaveRegular />} disabled={saving} onClick={() => void save(plan.revision)}>
          保存
        </Button>
      </div>
      {shown && <ConflictDialog conflict={shown} nameOf={nameOf} onChoose={conflict ? resolve : (c) => void resolveQueued(c)} />}
    </div>
  )
}
