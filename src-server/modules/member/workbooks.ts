import type ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import type { DataScope } from '../../auth/scope'
import type { Db } from '../../db/types'
import { addDropDown, addSheet, drained, EXAMPLE_MARK, inert, ROWS_PER_SHEET, sendWorkbook } from '../../files/xlsx'
import { firstReadEarly } from '../../files/xlsx-stream'
import { exportColumns, importColumns, templateHeader, type ImportColumn } from './columns'
import { orgPaths } from '../org/by-path'
import { memberChunks, type MemberPlan } from './queries'

/** Organisations listed in the template's drop-down; a larger tree is typed by name or path. */
const TEMPLATE_ORG_ROWS = 5000
const EXPORT_CHUNK = 2000
const ORG_SHEET = '组织'

/** The import template: the data sheet with its example row and drop-downs, how to fill it, and the caller's organisations by path. */
export async function sendImportTemplate(db: Db, scope: DataScope, reply: FastifyReply): Promise<FastifyReply> {
  const orgs = await orgPaths(db, scope, TEMPLATE_ORG_ROWS)
  return sendWorkbook(reply, '党员导入模板.xlsx', async (workbook) => {
    const data = addSheet(workbook, '党员信息', importColumns.map((c) => ({ header: templateHeader(c), width: c.width, text: c.text })))
    importColumns.forEach((c, i) => {
      if (c.choices) addDropDown(data, i + 1, c.choices, `${c.header}只能填写 ${c.choices.join(' 或 ')}`)
      // Not strict: a name typed instead of a listed path is read too.
      if (c.field === 'org' && orgs.length > 0) {
        addDropDown(data, i + 1, `'${ORG_SHEET}'!$A$2:$A$${orgs.length + 1}`, '请从“组织”工作表中选择，或填写组织名称', { strict: false })
      }
    })
    // The example names the deepest of the first organisations listed: a path shows how one is written.
    const exampleOrg = orgs.slice(0, 20).reduce((a, b) => (b.path.length > a.length ? b.path : a), '')
    const example = (c: ImportColumn) => (c.field === 'org' ? exampleOrg : c.example)
    data.addRow(importColumns.map((c, i) => (i === 0 ? EXAMPLE_MARK : '') + example(c))).commit()
    data.commit()

    const help = addSheet(workbook, '填写说明', [{ header: '列', width: 16 }, { header: '是否必填', width: 10 }, { header: '说明', width: 60 }])
    for (const c of importColumns) help.addRow([c.header, c.required ? '必填' : '选填', c.note]).commit()
    help.addRow([]).commit()
    help.addRow(['只读取第一个工作表“党员信息”；第一行为表头，从第二行起每行一名党员。']).commit()
    help.addRow([`第二行是示例（姓名以“${EXAMPLE_MARK}”开头），导入时跳过，可保留或删除。`]).commit()
    help.addRow(['手机号、身份证号等列已设为“文本”格式，请勿改为常规或数值格式，否则长数字会被表格软件改坏。']).commit()
    help.commit()

    const list = addSheet(workbook, ORG_SHEET, [{ header: '组织路径', width: 60 }, { header: '组织编码', width: 20, text: true }])
    for (const o of orgs) list.addRow([inert(o.path), o.orgCode]).commit()
    if (orgs.length === TEMPLATE_ORG_ROWS) list.addRow([`仅列出前 ${TEMPLATE_ORG_ROWS} 个组织，其余请直接填写组织名称或路径`]).commit()
    list.commit()
  })
}

/** Every member the filter matches, streamed in the list's order; a new sheet every million rows. */
export async function sendMemberExport(db: Db, plan: MemberPlan, reply: FastifyReply): Promise<FastifyReply> {
  const chunks = await firstReadEarly(memberChunks(db, plan, EXPORT_CHUNK))
  return sendWorkbook(reply, '党员名单.xlsx', async (workbook, out) => {
    let sheet: ExcelJS.Worksheet | undefined
    let rows = 0
    const newSheet = () => {
      sheet?.commit()
      sheet = addSheet(workbook, rows === 0 ? '党员名单' : `党员名单${rows / ROWS_PER_SHEET + 1}`, exportColumns)
      return sheet
    }
    let current = newSheet()
    for await (const chunk of chunks) {
      for (const member of chunk) {
        if (rows > 0 && rows % ROWS_PER_SHEET === 0) current = newSheet()
        current.addRow(exportColumns.map((c) => inert(c.value(member)))).commit()
        rows++
      }
      await drained(out)
    }
    current.commit()
  })
}
