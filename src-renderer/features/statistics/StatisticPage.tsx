import { useEffect, useState } from 'react'
import { makeStyles, Spinner, Tab, TabList, tokens } from '@fluentui/react-components'
import { call } from '../../lib/bridge'
import { useNotify } from '../../components/toast'
import { LedgerPanel } from './LedgerPanel'
import { TrainingStatistics } from './TrainingStatistics'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

/** /statistic: training statistics by year, and the learning-hours ledger (学时档案). */
export default function StatisticPage() {
  const styles = useStyles()
  const notify = useNotify()
  const [tab, setTab] = useState<'statistics' | 'ledger'>('statistics')
  const [years, setYears] = useState<number[] | null>(null)

  useEffect(() => {
    call('statistic.years').then(setYears, (error: unknown) => {
      notify.error(error)
      setYears([])
    })
  }, [notify])

  return (
    <div className={styles.root}>
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as typeof tab)}>
        <Tab value="statistics">培训统计</Tab>
        <Tab value="ledger">学时档案</Tab>
      </TabList>
      {years === null ? <Spinner label="加载中..." /> : tab === 'statistics' ? <TrainingStatistics years={years} /> : <LedgerPanel years={years} />}
    </div>
  )
}
