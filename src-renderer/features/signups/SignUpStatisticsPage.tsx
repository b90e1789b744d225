import { useEffect, useRef, useState } from 'react'
import { Button } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import type { SignUpStatisticsQuery, SignUpStatisticsRecord } from '../../../src-shared/schemas/signup'
import { genderLabel, genders } from '../../../src-shared/schemas/training-codes'
import { call } from '../../lib/bridge'
import type { FilterField, FilterValues } from '../../components/FilterBar'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { useDownload } from '../../components/useDownload'

type Filter = 'name' | 'gender' | 'orgAndJob' | 'telephone' | 'trainId' | 'cardsNumber' | 'startTime' | 'endTime'

const columns: readonly Column<SignUpStatisticsRecord>[] = [
  { key: 'name', title: '姓名', render: (r) => r.name, width: '90px' },
  { key: 'telephone', title: '手机号', render: (r) => r.telephone, width: '120px' },
  { key: 'gender', title: '性别', render: (r) => genderLabel(r.gender), width: '56px' },
  { key: 'depName', title: '主办单位', render: (r) => r.depName },
  { key: 'orgAndJob', title: '单位及职务', render: (r) => r.orgAndJob },
  { key: 'trainName', title: '培训班', render: (r) => r.trainName },
  { key: 'trainDate', title: '培训时间', render: (r) => r.trainDate, width: '200px' },
  { key: 'classHour', title: '学时', render: (r) => r.classHour, width: '64px' },
]

/** The filters as the statistics routes take them. */
function queryOf(values: FilterValues<Filter>): Omit<SignUpStatisticsQuery, 'pageNum' | 'pageSize'> {
  return {
    ...values,
    gender: values.gender === undefined ? undefined : Number(values.gender),
    trainId: values.trainId === undefined ? undefined : Number(values.trainId),
  }
}

/** /trainingManagement/signUpStatistics: every sign-up across trainings, filtered, paged and exported (spec 000 §2, §7). */
export default function SignUpStatisticsPage() {
  const runDownload = useDownload()
  const [trainings, setTrainings] = useState<{ value: string; label: string }[]>([])
  const [exporting, setExporting] = useState(false)
  // The export takes the filters of the list on screen.
  const applied = useRef<FilterValues<Filter>>({})

  useEffect(() => {
    call('train.all').then(
      (all) => setTrainings(all.map((t) => ({ value: String(t.id), label: t.name }))),
      () => setTrainings([]),
    )
  }, [])

  const filters: readonly FilterField<Filter>[] = [
    { name: 'name', label: '姓名' },
    { name: 'gender', label: '性别', options: genders.map((g) => ({ value: String(g.code), label: g.label })) },
    { name: 'orgAndJob', label: '单位及职务' },
    { name: 'telephone', label: '手机号' },
    { name: 'trainId', label: '培训班', options: trainings },
    { name: 'cardsNumber', label: '身份证号' },
    { name: 'startTime', label: '开始时间', type: 'date' },
    { name: 'endTime', label: '结束时间', type: 'date' },
  ]

  const exportAll = async () => {
    setExporting(true)
    await runDownload('signup.statisticsDownload', queryOf(applied.current))
    setExporting(false)
  }

  return (
    <>
      <ResourceTable<SignUpStatisticsRecord, Filter>
        label="报名统计列表"
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        load={({ pageNum, pageSize, filters: values }) => {
          applied.current = values
          return call('signup.statistics', { pageNum, pageSize, ...queryOf(values) })
        }}
        toolbar={
          <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportAll()}>
            导出
          </Button>
        }
      />
    </>
  )
}
