import { useCallback, useEffect, useRef, useState } from 'react'
import {
  Badge,
  Button,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  tokens,
} from '@fluentui/react-components'
import { ClipboardTaskListLtrRegular, PeopleQueueRegular, SearchRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import type { DoorCheckInOutcome, DoorPerson, DoorSearchResult } from '../../../src-shared/schemas/door'
import { call } from '../../lib/bridge'
import { minutesOf } from '../../../src-shared/date-text'
import { SmallTable } from '../../components/SmallTable'
import { useNotify } from '../../components/toast'
import { TrainingHeader, TrainingPlaceholder } from './TrainingHeader'
import { useTrainingParam } from './useTrainingParam'

const useStyles = makeStyles({
  search: { width: '100%', maxWidth: '720px', fontSize: tokens.fontSizeBase500 },
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', paddingBottom: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
  result: { marginBottom: tokens.spacingVerticalM, maxWidth: '720px' },
  seat: { fontWeight: tokens.fontWeightSemibold },
})

/** `第3排第5列` of each seated person, from the training's seat plan (online or the cached one). */
function useSeats(trainId: number | null) {
  const [seats, setSeats] = useState<Map<number, string>>(new Map())
  useEffect(() => {
    if (trainId === null) return
    let current = true
    call('seat.plan', { trainId }).then(
      (plan) => {
        if (!current) return
        const byPerson = new Map<number, string>()
        for (const s of plan.seats) if (s.trainSignUpMemberId !== null) byPerson.set(s.trainSignUpMemberId, `第${s.rowNumber}排第${s.columnNumber}列`)
        setSeats(byPerson)
      },
      // No plan (none arranged, or never prepared offline): no seats to show.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [trainId])
  return seats
}

function statusOf(p: DoorPerson) {
  if (!p.checkInTime) return <Badge appearance="outline">未签到</Badge>
  return (
    <Badge appearance="tint" color={p.queued ? 'warning' : 'success'}>
      已签到 {minutesOf(p.checkInTime)}
      {p.queued ? '（待同步）' : ''}
    </Badge>
  )
}

/**
 * /trainingManagement/checkInDesk?id=: 签到台 at the venue door. One search box that
 * keeps the focus (a barcode scanner types the sign-up code then Enter), the people it
 * finds with their unit, seat and state, and 签到 — online or offline through the core.
 */
export default function DoorCheckInPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const { trainId, training, state, reload } = useTrainingParam()
  const [text, setText] = useState('')
  const [found, setFound] = useState<DoorSearchResult | null>(null)
  const [last, setLast] = useState<DoorCheckInOutcome | null>(null)
  const [opened, setOpened] = useState<{ cached: boolean; people: number } | null>(null)
  const [busy, setBusy] = useState(false)
  const box = useRef<HTMLInputElement>(null)
  const seats = useSeats(trainId)
  const query = useRef('')

  useEffect(() => {
    if (trainId === null) return
    call('door.open', { trainId }).then(setOpened, notify.error)
  }, [trainId, notify])

  const search = useCallback(
    async (value: string) => {
      query.current = value
      if (trainId === null) return
      const result = await call('door.search', { trainId, text: value })
      // Only the answer to what the box holds now (typing is faster than answers).
      if (query.current === value) setFound(result)
    },
    [trainId],
  )

  const checkIn = async (person: DoorPerson) => {
    if (trainId === null || busy) return
    setBusy(true)
    try {
      setLast(await call('door.checkIn', { trainId, signUpId: person.signUpId }))
      // Ready for the next person: an answer still on its way is for text no longer there.
      query.current = ''
      setText('')
      setFound(null)
    } catch (err) {
      notify.error(err)
    } finally {
      setBusy(false)
      box.current?.focus()
    }
  }

  // Enter checks in the one person the text names: a scanned code, or a look-up with one result.
  // A scanner sends Enter right after the code, before the last look-up has answered: ask again.
  const onEnter = async () => {
    const value = box.current?.value ?? text
    if (trainId === null || value.trim() === '') return
    const { people } = await call('door.search', { trainId, text: value })
    const exact = people.find((p) => String(p.signUpId) === value.trim())
    const only = exact ?? (people.length === 1 ? people[0] : undefined)
    if (only) await checkIn(only)
  }

  if (trainId === null || !training) return <TrainingPlaceholder state={state} onRetry={reload} />

  const seatOf = (id: number) => seats.get(id) ?? '未安排座位'
  return (
    <>
      <TrainingHeader
        title="签到台"
        training={training}
        facts={
          <>
            <Button icon={<ClipboardTaskListLtrRegular />} onClick={() => navigate(`/trainingManagement/checkIns?id=${trainId}`)}>
              签到记录
            </Button>
            <Button icon={<PeopleQueueRegular />} onClick={() => navigate(`/trainingManagement/fieldSeat?id=${trainId}`)}>
              会场安排
            </Button>
          </>
        }
      />
      <div className={styles.bar}>
        <Input
          ref={box}
          className={styles.search}
          size="large"
          autoFocus
          contentBefore={<SearchRegular />}
          placeholder="输入姓名、手机号、拼音首字母，或扫描报名编号"
          aria-label="查找报名人员"
          value={text}
          onChange={(_, data) => {
            setText(data.value)
            void search(data.value)
          }}
          onKeyDown={(e) => e.key === 'Enter' && void onEnter().catch(notify.error)}
          // The box keeps the focus between people: the scanner types into it.
          onBlur={() => setTimeout(() => document.activeElement === document.body && box.current?.focus(), 0)}
        />
        {opened && (
          <Text className={styles.hint}>{opened.cached ? `名单 ${opened.people} 人` : '此培训班尚未准备离线，离线时无法查找'}</Text>
        )}
      </div>
      {last && (
        <MessageBar className={styles.result} intent={last.already ? 'warning' : 'success'}>
          <MessageBarBody>
            <MessageBarTitle>
              {last.name} {last.already ? `已签到（${minutesOf(last.checkInTime)}）` : `签到成功 ${minutesOf(last.checkInTime)}`}
            </MessageBarTitle>
            座位：<span className={styles.seat}>{seatOf(last.signUpId)}</span>
            {last.queued ? '　离线签到，联网后自动同步' : ''}
          </MessageBarBody>
        </MessageBar>
      )}
      {/* Nothing typed, nothing to say; typed and none found, the table says so. */}
      {found && (found.people.length > 0 || text.trim() !== '') && (
        <SmallTable
          label="查找结果"
          size="medium"
          empty="没有找到报名人员"
          rows={found.people}
          rowKey={(p) => p.signUpId}
          columns={[
            { key: 'name', title: '姓名', render: (p) => p.name },
            { key: 'company', title: '单位', render: (p) => p.company ?? p.orgName ?? '' },
            { key: 'telephone', title: '手机号', render: (p) => p.telephone },
            { key: 'signUpId', title: '报名编号', render: (p) => p.signUpId },
            { key: 'seat', title: '座位', render: (p) => seatOf(p.signUpId) },
            { key: 'status', title: '状态', render: statusOf },
            {
              key: 'checkIn',
              title: '操作',
              render: (p) => (
                <Button appearance={p.checkInTime ? 'secondary' : 'primary'} disabled={busy} onClick={() => void checkIn(p)}>
                  签到
                </Button>
              ),
            },
          ]}
        />
      )}
      {found && found.total > found.people.length && (
        <Text className={styles.hint}>
          {found.more ? `超过 ${found.total} 人` : `共 ${found.total} 人`}符合，仅显示前 {found.people.length} 人，请输入更多
        </Text>
      )}
    </>
  )
}
