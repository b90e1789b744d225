import type { ReactNode } from 'react'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { RecordUnavailable } from '../../components/RecordUnavailable'
import type { RecordState } from '../../components/useRecordById'
import { minutesOf } from '../../../src-shared/date-text'
import { ScreenTitle } from '../../components/ScreenTitle'

export const TRAINING_LIST_PATH = '/trainingManagement/trainingManagement'
/** 签到台 of a training (`?id=`), reached from 签到记录 and from the seat screen. */
export const DOOR_PATH = '/trainingManagement/checkInDesk'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    paddingBottom: tokens.spacingVerticalL,
  },
  titles: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, flexGrow: 1 },
  meta: { color: tokens.colorNeutralForeground3 },
  facts: { display: 'flex', gap: tokens.spacingHorizontalL },
})

/** 返回: every per-training page's way back to the training list, at the left of its header. */
export function BackToTrainings() {
  const navigate = useNavigate()
  return (
    <Button icon={<ArrowLeftRegular />} onClick={() => navigate(TRAINING_LIST_PATH)}>
      返回
    </Button>
  )
}

/**
 * The top of a per-training page: back to the training list, what page this is, the
 * training's name and period, and the page's own counts on the right.
 */
export function TrainingHeader({ title, training, facts }: { title: string; training: TrainDetail | null; facts?: ReactNode }) {
  const styles = useStyles()
  return (
    <header className={styles.root}>
      <BackToTrainings />
      <div className={styles.titles}>
        <ScreenTitle inHeader>
          {title}
          {training ? `：${training.name}` : ''}
        </ScreenTitle>
        {training && (
          <Text size={200} className={styles.meta}>
            {training.depName} · {minutesOf(training.trainStartTime)} 至 {minutesOf(training.trainEndTime)} · {training.site}
          </Text>
        )}
      </div>
      {facts && <div className={styles.facts}>{facts}</div>}
    </header>
  )
}

/** What a per-training page shows while its training loads, or when the address names none it may see. */
export function TrainingPlaceholder({ state, onRetry }: { state: RecordState<TrainDetail>; onRetry(): void }) {
  if (state.status === 'found') return null
  return <RecordUnavailable state={state} notFoundText="培训班不存在" backTo={TRAINING_LIST_PATH} onRetry={onRetry} />
}
