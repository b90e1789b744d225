import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular, ArrowClockwiseRegular, DocumentDismissRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import type { RecordState } from './useRecordById'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} 0`,
    color: tokens.colorNeutralForeground3,
  },
  icon: { fontSize: '48px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
})

export interface RecordUnavailableProps {
  state: Exclude<RecordState<unknown>, { status: 'found' }>
  /** The record's own not-found text, e.g. 培训班不存在. */
  notFoundText: string
  /** Where 返回 leads (the record's list). */
  backTo: string
  onRetry(): void
}

/** What a page that loads a record by id shows until it has one: progress, not found with a way back, or a failure to retry. */
export function RecordUnavailable({ state, notFoundText, backTo, onRetry }: RecordUnavailableProps) {
  const styles = useStyles()
  const navigate = useNavigate()
  if (state.status === 'loading') return <Spinner label="加载中..." />
  return (
    <div className={styles.root} role="alert">
      <DocumentDismissRegular className={styles.icon} aria-hidden />
      <Text size={500} weight="semibold">
        {state.status === 'missing' ? notFoundText : state.message}
      </Text>
      {state.status === 'missing' && <Text>它可能已被删除，或不在您可管理的范围内。</Text>}
      <div className={styles.actions}>
        <Button appearance="primary" icon={<ArrowLeftRegular />} onClick={() => navigate(backTo)}>
          返回列表
        </Button>
        {state.status === 'failed' && (
          <Button icon={<ArrowClockwiseRegular />} onClick={onRetry}>
            重试
          </Button>
        )}
      </div>
    </div>
  )
}
