import { useEffect, useState } from 'react'
import { Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowLeftRegular, PeopleRegular, TargetRegular } from '@fluentui/react-icons'
import type { HourTargets, LedgerOrg } from '../../../src-shared/schemas/statistics'
import { call } from '../../lib/bridge'
import { Chart } from '../../components/Chart'
import { useNotify } from '../../components/toast'
import { useDownload } from '../../components/useDownload'
import { FigureTable, type FigureColumn } from './FigureTable'
import { percent } from './labels'
import { LedgerMembers } from './LedgerMembers'
import { TargetDialog } from './TargetDialog'
import { YearPicker } from './YearPicker'

/** How many of the furthest-behind organisations the chart shows. */
const CHART_ORGS = 15

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  note: { color: tokens.colorNeutralForeground3 },
})

const perMember = (r: LedgerOrg) => (r.members === 0 ? 0 : Math.round((r.totalHours / r.members) * 10) / 10)

const orgColumns: readonly FigureColumn<LedgerOrg>[] = [
  { key: 'name', title: '组织', text: (r) => r.name },
  { key: 'members', title: '党员数', text: (r) => r.members, width: '80px', numeric: true },
  { key: 'reached', title: '达标人数', text: (r) => r.reached, width: '80px', numeric: true },
  { key: 'rate', title: '达标率', text: (r) => percent(r.rate), width: '80px', numeric: true },
  { key: 'totalHours', title: '总学时', text: (r) => r.totalHours, width: '80px', numeric: true },
  { key: 'perMember', title: '人均学时', text: perMember, width: '80px', numeric: true },
]

interface Ledger {
  parent: LedgerOrg
  records: LedgerOrg[]
}

/** The year the ledger opens with: this year when it has trainings, else the latest that has. */
function firstYear(years: readonly number[]): number {
  const thisYear = new Date().getFullYear()
  return years.includes(thisYear) || years.length === 0 ? thisYear : years[0]
}

/**
 * 学时档案: each organisation's members against their yearly class-hour targets,
 * furthest behind first; organisation → its children → its members → a member's
 * trainings; the targets are set here; the whole subtree exports as a workbook.
 */
export function LedgerPanel({ years }: { years: readonly number[] }) {
  const styles = useStyles()
  const notify = useNotify()
  const runDownload = useDownload()
  const [year, setYear] = useState(() => firstYear(years))
  /** Organisations opened below the top of the caller's tree. */
  const [trail, setTrail] = useState<{ orgId: number; name: string }[]>([])
  const [loaded, setLoaded] = useState<{ key: string; ledger: Ledger } | null>(null)
  /** The top of the caller's tree, named by the first answer (the first step of the breadcrumb). */
  const [topName, setTopName] = useState('')
  const [membersOf, setMembersOf] = useState<LedgerOrg | null>(null)
  const [targets, setTargets] = useState<HourTargets | null>(null)
  const [editing, setEditing] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [version, setVersion] = useState(0)
  const parentId = trail.at(-1)?.orgId
  const requestKey = `${year}/${parentId ?? ''}/${version}`
  // The answer to an earlier request (another year or organisation) is not shown as this one's.
  const ledger = loaded?.key === requestKey ? loaded.ledger : null
  const yearChoices = [...new Set([new Date().getFullYear(), ...years])].sort((a, b) => b - a)

  useEffect(() => {
    call('ledger.targets').then(setTargets, (error: unknown) => notify.error(error))
  }, [notify])

  useEffect(() => {
    let current = true
    call('ledger.orgs', { year, parentId }).then(
      (answer) => {
        if (!current) return
        setLoaded({ key: requestKey, ledger: answer })
        if (parentId === undefined) setTopName(answer.parent.name)
      },
      (error: unknown) => current && notify.error(error),
    )
    return () => {
      current = false
    }
  }, [year, parentId, requestKey, notify])

  const open = (org: LedgerOrg) => {
    setMembersOf(null)
    setTrail((current) => [...current, { orgId: org.orgId, name: org.name }])
  }
  const exportLedger = async (orgId: number) => {
    setExporting(true)
    await runDownload('ledger.download', { year, orgId })
    setExporting(false)
  }

  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        <YearPicker years={yearChoices} value={year} onChange={(y) => y !== null && setYear(y)} />
        <Text className={styles.note}>
          {targets ? `目标：党员 ${targets.memberHours} 学时，支部书记、委员 ${targets.cadreHours} 学时；签到后计入学时` : ''}
        </Text>
        <span className={styles.grow} />
        <Button icon={<TargetRegular />} disabled={!targets} onClick={() => setEditing(true)}>
          学时目标设置
        </Button>
        <Button icon={<ArrowDownloadRegular />} disabled={!ledger || exporting} onClick={() => ledger && void exportLedger(ledger.parent.orgId)}>
          {exporting ? '导出中...' : '导出学时档案'}
        </Button>
      </div>
      <Breadcrumb aria-label="组织层级">
        <BreadcrumbItem>
          <BreadcrumbButton onClick={() => (setMembersOf(null), setTrail([]))} current={trail.length === 0 && !membersOf}>
            {topName || '本级'}
          </BreadcrumbButton>
        </BreadcrumbItem>
        {trail.map((step, index) => (
          <BreadcrumbItem key={step.orgId}>
            <BreadcrumbDivider />
            <BreadcrumbButton onClick={() => (setMembersOf(null), setTrail(trail.slice(0, index + 1)))} current={index === trail.length - 1 && !membersOf}>
              {step.name}
            </BreadcrumbButton>
          </BreadcrumbItem>
        ))}
        {membersOf && (
          <BreadcrumbItem>
            <BreadcrumbDivider />
            <BreadcrumbButton current>{membersOf.name} · 党员</BreadcrumbButton>
          </BreadcrumbItem>
        )}
      </Breadcrumb>
      {ledger === null ? (
        <Spinner label="加载中..." />
      ) : membersOf ? (
        <>
          <div className={styles.bar}>
            <Button icon={<ArrowLeftRegular />} onClick={() => setMembersOf(null)}>
              返回组织
            </Button>
            <Text>
              {membersOf.name}：党员 {membersOf.members} 人，达标 {membersOf.reached} 人（{percent(membersOf.rate)}）
            </Text>
          </div>
          <LedgerMembers orgId={membersOf.orgId} year={year} />
        </>
      ) : (
        <>
          <div className={styles.bar}>
            <Text weight="semibold">
              {ledger.parent.name}：党员 {ledger.parent.members} 人，达标 {ledger.parent.reached} 人（{percent(ledger.parent.rate)}），共 {ledger.parent.totalHours} 学时
            </Text>
            <Button icon={<PeopleRegular />} onClick={() => setMembersOf(ledger.parent)}>
              查看全部党员
            </Button>
          </div>
          <Chart
            kind="horizontalBar"
            title="达标率最低的组织（%）"
            max={100}
            height={`${Math.min(420, 80 + Math.min(ledger.records.length, CHART_ORGS) * 26)}px`}
            categories={ledger.records.slice(0, CHART_ORGS).map((r) => r.name)}
            series={[{ name: '达标率（%）', values: ledger.records.slice(0, CHART_ORGS).map((r) => Math.round(r.rate * 1000) / 10) }]}
            onSelect={(index) => index !== null && setMembersOf(ledger.records[index])}
          />
          <FigureTable
            label="组织学时达标情况"
            columns={orgColumns}
            rows={ledger.records}
            rowKey={(r) => r.orgId}
            exportName={`${ledger.parent.name}${year}年学时达标情况`}
            actionsWidth="130px"
            rowActions={(row) => (
              <>
                {row.hasChildren && (
                  <Button size="small" appearance="transparent" onClick={() => open(row)}>
                    下级
                  </Button>
                )}
                <Button size="small" appearance="transparent" onClick={() => setMembersOf(row)}>
                  党员
                </Button>
              </>
            )}
          />
        </>
      )}
      <TargetDialog
        targets={editing ? targets : null}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setTargets(saved)
          setEditing(false)
          setVersion((v) => v + 1)
        }}
      />
    </div>
  )
}
