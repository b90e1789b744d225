import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstSheetRows } from '../../src-server/files/workbook-rows'

const options = { maxRows: 100, unreadable: '无法读取' }

async function rowsOf(file: string): Promise<string[][]> {
  const rows: string[][] = []
  for await (const row of firstSheetRows(file, 'xlsx', options)) rows.push([...row.cells])
  return rows
}

/**
 * The row reader of every import. Our own templates are written by exceljs, which stores
 * the workbook part after the sheets; exceljs's streaming reader then failed about one
 * read in 200 (exceljs#3064), telling the clerk their own template was unreadable.
 */
describe('the first sheet of an uploaded workbook', () => {
  let folder: string
  let file: string

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'workbook-rows-'))
    const workbook = new ExcelJS.Workbook()
    const data = workbook.addWorksheet('题目')
    data.addRow(['题目类别', '题目类型', '题目名称'])
    data.addRow(['党史', '单选题', '中国共产党成立于哪一年？'])
    workbook.addWorksheet('类别').addRow(['类别'])
    workbook.getWorksheet('类别')!.addRow(['理论'])
    file = join(folder, 'template.xlsx')
    await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()))
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('is read the same way every time, from the template layout exceljs writes (workbook part last)', async () => {
    for (let i = 0; i < 500; i++) {
      expect(await rowsOf(file), `read ${i + 1}`).toEqual([
        ['题目类别', '题目类型', '题目名称'],
        ['党史', '单选题', '中国共产党成立于哪一年？'],
      ])
    }
  }, 60_000)

  it('is the first sheet, not the other sheets of the workbook', async () => {
    expect((await rowsOf(file)).flat()).not.toContain('理论')
  })

  it('reads what the console’s exports write (streamed: sizes after each part, no shared strings), so an export imports again', async () => {
    const streamed = join(folder, 'export.xlsx')
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: streamed, useSharedStrings: false })
    const sheet = writer.addWorksheet('党员')
    sheet.addRow(['姓名', '手机号']).commit()
    sheet.addRow(['张三', '17399990001']).commit()
    sheet.commit()
    writer.addWorksheet('说明').addRow(['不读这一页']).commit()
    await writer.commit()
    expect(await rowsOf(streamed)).toEqual([
      ['姓名', '手机号'],
      ['张三', '17399990001'],
    ])
  })

  it('answers the import’s own message for a file that is not a workbook', async () => {
    const bad = join(folder, 'bad.xlsx')
    await writeFile(bad, 'not a zip')
    await expect(rowsOf(bad)).rejects.toThrow('无法读取')
  })
})
