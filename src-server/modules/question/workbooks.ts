import type { FastifyReply } from 'fastify'
import {
  answerText,
  OPTION_LETTERS,
  questionTypeLabels,
  stemOptions,
  QuestionType,
  typesOfUse,
  UseType,
  useTypeLabels,
  type Question,
  type UseTypeValue,
} from '../../../src-shared/schemas/question'
import type { Db } from '../../db/types'
import { addDropDown, addSheet, drained, EXAMPLE_MARK, inert, sendWorkbook } from '../../files/xlsx'
import { questionFilter, questionRows, toQuestion, type QuestionFilter } from './queries'

/**
 * The question workbook: one layout for the import template and the export, so an
 * exported bank can be edited and imported again.
 */
export const questionColumns = [
  { header: '题目类别', width: 16, value: (q: Question) => q.categoryName },
  { header: '题目类型', width: 10, value: (q: Question) => questionTypeLabels[q.type as keyof typeof questionTypeLabels] ?? String(q.type) },
  { header: '题目名称', width: 40, value: (q: Question) => q.title },
  ...OPTION_LETTERS.map((letter) => ({
    header: `选项${letter}`,
    width: 16,
    value: (q: Question) => stemOptions(q.stem).find((o) => o.letter === letter)?.text ?? '',
  })),
  { header: '答案', width: 14, value: (q: Question) => answerText(q.type, q.answer) },
  { header: '解析', width: 40, value: (q: Question) => q.analysis ?? '' },
] as const

export const QUESTION_SHEET = '题目'

const EXPORT_CHUNK = 1000

function fillingNotes(useType: UseTypeValue): string[][] {
  const types = typesOfUse(useType).map((t) => questionTypeLabels[t]).join('、')
  return [
    ['题目类别', '必填', '须是已有的类别名称（见“类别”工作表）'],
    ['题目类型', '必填', types],
    ['题目名称', '必填', '最多 200 个字'],
    ['选项A–选项J', '单选、多选必填', '选项A、B、C 必填；单选题至多到选项F，多选题至多到选项J；中间不能空缺'],
    ['答案', useType === 2 ? '按题型' : '选填', '单选填一个字母（A）；多选填至少两个字母（A,C）；判断填 对 或 错；填空填建议答案；问答可填参考答案'],
    ['解析', '选填', '最多 500 个字'],
  ]
}

const CATEGORY_SHEET = '类别'

/** The template's example: a single-choice question (every use has them), its answer only where the use keeps one. */
function exampleRow(useType: UseTypeValue, category: string | undefined): string[] {
  const example: Record<string, string> = {
    题目类别: `${EXAMPLE_MARK}${category ?? ''}`,
    题目类型: questionTypeLabels[QuestionType.SINGLE],
    题目名称: '中国共产党的根本宗旨是什么？',
    选项A: '全心全意为人民服务',
    选项B: '实现共产主义',
    选项C: '坚持党的领导',
    答案: useType === UseType.EXAM ? 'A' : '',
  }
  return questionColumns.map((c) => example[c.header] ?? '')
}

/** The import template: the data sheet (an example row, drop-downs for type and category), how to fill it, and the categories of this use. */
export async function sendQuestionTemplate(db: Db, useType: UseTypeValue, reply: FastifyReply): Promise<FastifyReply> {
  const categories = await db.selectFrom('questionCategory').select('name').where('useType', '=', useType).orderBy('id').execute()
  return sendWorkbook(reply, `${useTypeLabels[useType]}题目导入模板.xlsx`, async (workbook) => {
    const data = addSheet(workbook, QUESTION_SHEET, questionColumns)
    const column = (header: string) => questionColumns.findIndex((c) => c.header === header) + 1
    if (categories.length > 0) {
      addDropDown(data, column('题目类别'), `'${CATEGORY_SHEET}'!$A$2:$A$${categories.length + 1}`, '请选择“类别”工作表中已有的类别')
    }
    const types = typesOfUse(useType).map((t) => questionTypeLabels[t])
    addDropDown(data, column('题目类型'), types, `题目类型只能是：${types.join('、')}`)
    data.addRow(exampleRow(useType, categories[0]?.name)).commit()
    data.commit()
    const help = addSheet(workbook, '填写说明', [{ header: '列', width: 14 }, { header: '是否必填', width: 14 }, { header: '说明', width: 70 }])
    for (const row of fillingNotes(useType)) help.addRow(row).commit()
    help.addRow([]).commit()
    help.addRow(['只读取第一个工作表；第一行为表头，从第二行起每行一道题。导入的题目为未审核状态。']).commit()
    help.addRow([`第二行是示例（题目类别以“${EXAMPLE_MARK}”开头），导入时跳过，可保留或删除。`]).commit()
    help.commit()
    const list = addSheet(workbook, CATEGORY_SHEET, [{ header: '类别名称', width: 30 }])
    for (const c of categories) list.addRow([inert(c.name)]).commit()
    list.commit()
  })
}

/** Every question the filter matches, newest first, in the template's layout. */
export function sendQuestionExport(db: Db, filter: QuestionFilter, reply: FastifyReply): FastifyReply {
  return sendWorkbook(reply, `${useTypeLabels[filter.useType as UseTypeValue] ?? ''}题目.xlsx`, async (workbook, out) => {
    const sheet = addSheet(workbook, QUESTION_SHEET, questionColumns)
    let before: number | undefined
    for (;;) {
      const rows = await questionRows(db)
        .where((eb) => questionFilter(eb, filter))
        .$if(before !== undefined, (q) => q.where('question.id', '<', before as number))
        .orderBy('question.id', 'desc')
        .limit(EXPORT_CHUNK)
        .execute()
      for (const row of rows) sheet.addRow(questionColumns.map((c) => inert(c.value(toQuestion(row))))).commit()
      await drained(out)
      if (rows.length < EXPORT_CHUNK) break
      before = rows[rows.length - 1].id
    }
    sheet.commit()
  })
}
