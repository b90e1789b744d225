import { z } from 'zod'

/**
 * Printable documents (issue 30). The renderer says WHAT a document holds — the figures
 * of a report, the names of a seat chart, the people of a sign-in sheet — and the desktop
 * core draws it as a vector PDF with the CJK font shipped with the app (one pipeline,
 * src-main/core/documents/). So the renderer never bundles a font, and every PDF the
 * product writes has real, searchable, embedded text.
 */

const text = (max: number) => z.string().max(max, `文字不能超过${max}个字符`)
/** Enough for a province-wide training; the bench draws 1,000 people in well under 3 s. */
export const MAX_DOCUMENT_PEOPLE = 5000

// ---------------------------------------------------------------- reports

export const ReportColumnSchema = z.object({
  title: text(50),
  /** Share of the content width; the shares of a table add up to 1. */
  share: z.number().positive().max(1),
})
export type ReportColumn = z.infer<typeof ReportColumnSchema>

export const ChartKindSchema = z.enum(['bar', 'horizontalBar', 'pie'])

export const ReportBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: text(200), level: z.union([z.literal(1), z.literal(2)]) }),
  z.object({ type: z.literal('paragraph'), text: text(20000), muted: z.boolean().optional() }),
  z.object({
    type: z.literal('table'),
    columns: z.array(ReportColumnSchema).min(1).max(20),
    rows: z.array(z.array(text(5000)).max(20)).max(20000),
  }),
  /** A chart drawn as vector shapes: one series of counts by category. */
  z.object({
    type: z.literal('chart'),
    kind: ChartKindSchema,
    categories: z.array(text(200)).max(200),
    values: z.array(z.number().min(0)).max(200),
  }),
])
export type ReportBlock = z.infer<typeof ReportBlockSchema>

/** A flowing A4 report: title, then blocks; tables repeat their header on each page. */
export const ReportDocumentSchema = z.object({
  kind: z.literal('report'),
  /** The file name without .pdf. */
  fileName: text(200),
  title: text(200),
  blocks: z.array(ReportBlockSchema).max(5000),
})

// ---------------------------------------------------------------- seat chart

/** The door seat chart: seats row by row (row 1 nearest the stage), a name or null. */
export const SeatChartDocumentSchema = z.object({
  kind: z.literal('seatChart'),
  fileName: text(200),
  title: text(200),
  rows: z.number().int().min(1).max(500),
  columns: z.number().int().min(1).max(500),
  /** The group of each column, null where none. */
  groups: z.array(z.number().int().nullable()).max(500),
  seats: z.array(text(100).nullable()).max(250000),
})

// ---------------------------------------------------------------- venue papers

export const VenuePersonSchema = z.object({
  name: text(100),
  unit: text(200),
  /** 3排5列, or empty when not seated. */
  seat: text(50),
})
export type VenuePerson = z.infer<typeof VenuePersonSchema>

const people = z.array(VenuePersonSchema).max(MAX_DOCUMENT_PEOPLE, `人员不能超过${MAX_DOCUMENT_PEOPLE}人`)

/** 签到表: the people in the order given, with unit, seat and an empty signature column. */
export const SignInSheetSchema = z.object({
  kind: z.literal('signInSheet'),
  fileName: text(200),
  trainName: text(200),
  /** Under the title, e.g. 按座位排序 · 共 40 人. */
  subtitle: text(200),
  people,
})

/** 桌签: a folded name tent per person, two per A4 page. */
export const NameTentsSchema = z.object({ kind: z.literal('nameTents'), fileName: text(200), people })

/** 座位标签: small labels with row / column and name, 3 × 8 per A4 page. */
export const SeatLabelsSchema = z.object({
  kind: z.literal('seatLabels'),
  fileName: text(200),
  trainName: text(200),
  labels: z.array(z.object({ row: z.number().int().min(1), column: z.number().int().min(1), name: text(100) })).max(250000),
})

export const certificateTemplates = ['classic', 'red', 'simple'] as const
export const CertificateTemplateSchema = z.enum(certificateTemplates, { error: '请选择证书模板' })
export type CertificateTemplate = z.infer<typeof CertificateTemplateSchema>
export const certificateTemplateLabels: Record<CertificateTemplate, string> = { classic: '典雅金边', red: '党政红', simple: '简洁' }

/** 结业证书: one A4 landscape page per person. */
export const CertificatesSchema = z.object({
  kind: z.literal('certificates'),
  fileName: text(200),
  template: CertificateTemplateSchema,
  trainName: text(200),
  hostUnit: text(200),
  hours: z.number().int().min(0).max(100000),
  /** The training's dates as shown, e.g. 2026-05-10 至 2026-05-12. */
  period: text(100),
  /** yyyy-MM-dd. */
  issueDate: text(20),
  people: z.array(z.object({ name: text(100), unit: text(200), number: text(50) })).max(MAX_DOCUMENT_PEOPLE, `人员不能超过${MAX_DOCUMENT_PEOPLE}人`),
})

// ---------------------------------------------------------------- a list's current view

/**
 * 打印 on a list prints at most this many rows (≈ 70 pages): drawn in about 0.9 s of CPU and
 * 110 MB (bench/documents.bench.ts; 5,000 took 1.5 s and 200 MB). A longer list is an export's job.
 */
export const MAX_PRINTED_ROWS = 2000

/**
 * A list as it is on screen (打印 in a table's toolbar): the visible columns in their order
 * and every row of the current filter and sort, as the cells read. The core chooses the page
 * (landscape when the columns are too wide for portrait), repeats the header row and numbers the pages.
 */
export const TableViewSchema = z.object({
  kind: z.literal('tableView'),
  fileName: text(200),
  /** The list's name. */
  title: text(200),
  /** Under the title: the filters, the row count and the time printed. */
  subtitle: text(1000),
  columns: z.array(text(50)).min(1).max(40),
  rows: z.array(z.array(text(2000)).max(40)).max(MAX_PRINTED_ROWS, `最多打印${MAX_PRINTED_ROWS}条，请缩小查询范围后再打印`),
})

export const DocumentSchema = z.discriminatedUnion('kind', [
  ReportDocumentSchema,
  SeatChartDocumentSchema,
  SignInSheetSchema,
  NameTentsSchema,
  SeatLabelsSchema,
  CertificatesSchema,
  TableViewSchema,
])
export type DocumentSpec = z.infer<typeof DocumentSchema>
export type DocumentOf<K extends DocumentSpec['kind']> = Extract<DocumentSpec, { kind: K }>

/** What 打印 answered: printed (or the dialog closed) on the desktop; the PDF handed back for the browser's print. */
export const PrintResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('printed') }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({ kind: z.literal('data'), name: z.string(), base64: z.string() }),
])
export type PrintResult = z.infer<typeof PrintResultSchema>
