import { useRef, useState } from 'react'
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons'
import type { SignUpMember } from '../../../src-shared/schemas/signup'
import { genderLabel, parseSignUpOptions } from '../../../src-shared/schemas/training-codes'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { call } from '../../lib/bridge'
import { orgFilter } from '../../components/org/orgFilter'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { useDownload } from '../../components/useDownload'
import type { FilterField } from '../../components/FilterBar'
import { AddSignUpDialog } from './AddSignUpDialog'
import { conferenceAnswer, enabledConferenceItems } from './conference'
import { RosterUploadDialog } from './RosterUploadDialog'
import { SignUpEditDialog } from './SignUpEditDialog'
import { TrainingHeader, TrainingPlaceholder } from './TrainingHeader'
import { useTrainingParam } from './useTrainingParam'
import { minutesOf } from '../../../src-shared/date-text'

const useStyles = makeStyles({
  details: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    margin: 0,
  },
  item: { display: 'flex', gap: tokens.spacingHorizontalS },
  term: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  value: { margin: 0 },
})

const sources: Record<string, string> = { self: '本人报名', admin: '管理员添加', import: '名单导入' }

const columns: readonly Column<SignUpMember>[] = [
  { key: 'name', title: '姓名', render: (r) => r.name, width: '90px' },
  { key: 'telephone', title: '手机号', render: (r) => r.telephone, width: '120px' },
  { key: 'gender', title: '性别', render: (r) => genderLabel(r.gender), width: '56px' },
  { key: 'org', title: '所在组织', render: (r) => r.orgName ?? '' },
  { key: 'company', title: '单位及职务', render: (r) => [r.company, r.department, r.jobs].filter(Boolean).join(' ') },
  { key: 'source', title: '报名方式', render: (r) => sources[r.source] ?? r.source, width: '90px' },
  { key: 'createTime', title: '报名时间', render: (r) => minutesOf(r.createTime), width: '136px' },
]

type Filter = 'name' | 'orgId'

function Details({ row, training }: { row: SignUpMember; training: TrainDetail }) {
  const styles = useStyles()
  const items = enabledConferenceItems(parseSignUpOptions(training.signUpOptions)).map((item) => ({
    term: item.label,
    value: conferenceAnswer(item, row),
  }))
  const extra = [
    { term: '身份证号', value: row.cardsNumber ?? '未填写' },
    { term: '党内职务', value: row.partyJobs ?? '未填写' },
    ...(row.needLeave === 1 ? [{ term: '请假', value: row.reason ?? '是' }] : []),
    { term: '备注', value: row.marks ?? '无' },
  ]
  return (
    <dl className={styles.details} role="region" aria-label={`${row.name}的报名详情`}>
      {[...items, ...extra].map(({ term, value }) => (
        <div key={term} className={styles.item}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** /trainingManagement/viewPeople?id=: the people signed up for one training (spec 000 §2). */
export default function SignUpListPage() {
  const { trainId, training, state, reload: reloadTraining } = useTrainingParam()
  const table = useRef<ResourceTableHandle>(null)
  const confirmedDelete = useConfirmedDelete()
  const runDownload = useDownload()
  const [adding, setAdding] = useState(false)
  const [uploading, setUploading] = useState(false)
  const [editing, setEditing] = useState<SignUpMember | null>(null)
  const [exporting, setExporting] = useState(false)

  if (trainId === null || !training) return <TrainingPlaceholder state={state} onRetry={reloadTraining} />
  const options = parseSignUpOptions(training.signUpOptions)

  const changed = () => {
    table.current?.reload()
    reloadTraining()
  }

  const remove = (row: SignUpMember) =>
    confirmedDelete('确定要删除当前人员吗?', () => call('signup.delete', { id: row.id }), changed, { table: 'train_sign_up', ids: [row.id] })

  const exportRoster = async () => {
    setExporting(true)
    await runDownload('signup.downloadAll', { trainId })
    setExporting(false)
  }

  const filters: readonly FilterField<Filter>[] = [
    { name: 'name', label: '姓名' },
    {
      name: 'orgId',
      label: '所在组织',
      ...orgFilter(),
    },
  ]

  return (
    <>
      <TrainingHeader
        title="报名人员"
        training={training}
        facts={
          <Badge appearance="tint" size="large" color={training.maxNum > 0 && training.allNum >= training.maxNum ? 'danger' : 'informative'}>
            <Text>{training.maxNum > 0 ? `已报名 ${training.allNum} / ${training.maxNum} 人` : `已报名 ${training.allNum} 人（不限人数）`}</Text>
          </Badge>
        }
      />
      <ResourceTable<SignUpMember, Filter>
        ref={table}
        label="报名人员列表"
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        load={({ pageNum, pageSize, filters: values }) =>
          call('signup.list', { trainId, pageNum, pageSize, name: values.name, orgId: values.orgId ? Number(values.orgId) : undefined })
        }
        expand={(row) => <Details row={row} training={training} />}
        toolbar={
          <>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)}>
              添加人员
            </Button>
            <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportRoster()}>
              导出名单
            </Button>
            <Button icon={<ArrowUploadRegular />} onClick={() => setUploading(true)}>
              导入名单
            </Button>
          </>
        }
        actionsWidth="150px"
        rowActions={(row) => (
          <>
            <Button size="small" icon={<EditRegular />} onClick={() => setEditing(row)}>
              修改
            </Button>
            <Button size="small" icon={<DeleteRegular />} onClick={() => void remove(row)}>
              删除
            </Button>
          </>
        )}
      />
      <AddSignUpDialog
        trainId={trainId}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false)
          changed()
        }}
      />
      <RosterUploadDialog
        trainId={trainId}
        open={uploading}
        onClose={() => setUploading(false)}
        onImported={() => {
          setUploading(false)
          changed()
        }}
      />
      <SignUpEditDialog row={editing} options={options} onClose={() => setEditing(null)} onSaved={changed} />
    </>
  )
}
