import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import QRCode from 'qrcode'
import { classTypeLabel } from '../../../src-shared/schemas/training-codes'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { buildDocx, type DocBlock } from '../../files/docx'
import { absoluteStoredPath, newStoredPath } from '../../files/storage'
import { recordUploads } from '../files/queries'

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const CHINESE_ORDINALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十']

/** `2026-11-01 00:00:00` → `2026年11月1日`, the date line of an official document. */
export function chineseDate(dateTime: string): string {
  const [y, m, d] = dateTime.slice(0, 10).split('-').map(Number)
  return `${y}年${m}月${d}日`
}

/** `2026-12-01 09:00:00` → `2026年12月1日 09:00`. */
function chineseDateTime(dateTime: string): string {
  return `${chineseDate(dateTime)} ${dateTime.slice(11, 16)}`
}

/** Rich text (HTML from the editor) as plain paragraphs. */
export function htmlToParagraphs(html: string): string[] {
  const entities: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
      return entities[name.toLowerCase()] ?? whole
    })
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

const text = (value: string, extra: Partial<Extract<DocBlock, { kind: 'paragraph' }>> = {}): DocBlock => ({
  kind: 'paragraph',
  runs: [{ text: value }],
  firstLineIndentChars: 2,
  ...extra,
})

const heading = (n: number, title: string): DocBlock => ({
  kind: 'paragraph',
  runs: [{ text: `${CHINESE_ORDINALS[n]}、${title}`, font: '黑体' }],
  firstLineIndentChars: 2,
})

/** The blocks of the notice: title, addressee, intro, numbered sections, QR code, signature and date. */
export function noticeBlocks(train: TrainDetail, signUpUrl: string, qrPng: Buffer): DocBlock[] {
  const contacts = [
    [train.name1, train.telephone1],
    [train.name2, train.telephone2],
    [train.name3, train.telephone3],
  ].filter((c): c is [string, string] => Boolean(c[0] && c[1]))
  const sections: [string, string[]][] = [
    ['培训时间', [`${chineseDateTime(train.trainStartTime)}至${chineseDateTime(train.trainEndTime)}，共${train.classHour}学时。`]],
    ['培训地点', [train.site]],
    ['培训对象', [train.participants]],
    ['班次类别', [classTypeLabel(train.classType, train.classTypeName)]],
    ['培训内容', htmlToParagraphs(train.content)],
    ['培训要求', htmlToParagraphs(train.requirement)],
    [
      '报名方式',
      [
        `请于${chineseDateTime(train.signUpStartTime)}至${chineseDateTime(train.signUpEndTime)}扫描下方二维码报名` +
          (train.maxNum > 0 ? `，名额${train.maxNum}人，报满为止。` : '。'),
        `报名链接：${signUpUrl}`,
      ],
    ],
    ['联系方式', contacts.map(([name, phone]) => `${name}，${phone}`)],
  ]
  return [
    { kind: 'paragraph', align: 'center', runs: [{ text: `关于举办${train.name}的通知`, font: '方正小标宋简体', size: 22 }] },
    { kind: 'paragraph', runs: [{ text: `${train.sendObject}：` }] },
    ...htmlToParagraphs(train.description).map((p) => text(p)),
    ...sections.flatMap(([title, paragraphs], i) => {
      const blocks = [heading(i, title), ...paragraphs.map((p) => text(p))]
      return title === '报名方式' ? [...blocks, { kind: 'image' as const, png: qrPng, widthPx: 160, heightPx: 160 }] : blocks
    }),
    { kind: 'paragraph', runs: [{ text: '' }] },
    { kind: 'paragraph', align: 'right', runs: [{ text: train.depName }] },
    { kind: 'paragraph', align: 'right', runs: [{ text: chineseDate(train.createTime) }] },
  ]
}

/**
 * Writes the notice of a training as a Word document into the upload folder and
 * records it like an upload, so `GET /api/file` serves it. Returns the stored path.
 */
export async function writeNotice(
  deps: { db: Parameters<typeof recordUploads>[0]; uploadDir: string; adminId: number },
  train: TrainDetail,
  signUpUrl: string,
): Promise<string> {
  const qrPng = await QRCode.toBuffer(signUpUrl, { type: 'png', width: 320, margin: 1, errorCorrectionLevel: 'M' })
  const bytes = await buildDocx(noticeBlocks(train, signUpUrl, qrPng))
  const path = newStoredPath('docx')
  const absolute = absoluteStoredPath(deps.uploadDir, path)
  await mkdir(dirname(absolute), { recursive: true })
  await writeFile(absolute, bytes)
  await recordUploads(deps.db, [{ path, name: `关于举办${train.name}的通知.docx`, size: bytes.length, mime: DOCX_MIME }], deps.adminId)
  return path
}
