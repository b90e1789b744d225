import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import QRCode from 'qrcode'
import { classTypeLabel } from '../../../src-shared/schemas/training-codes'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { buildDocx, RED, type DocBlock, type DocParagraph } from '../../files/docx'
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

/** A body paragraph: 3号仿宋, 左空二字. */
const text = (value: string): DocParagraph => ({ kind: 'paragraph', runs: [{ text: value }], firstLineIndentChars: 2 })

const heading = (n: number, title: string): DocParagraph => ({
  kind: 'paragraph',
  runs: [{ text: `${CHINESE_ORDINALS[n]}、${title}`, font: 'heading' }],
  firstLineIndentChars: 2,
})

const blankLine: DocParagraph = { kind: 'paragraph', runs: [] }

/**
 * Width of a text in full-width characters: letters, digits and ASCII punctuation are half
 * one, and Word, WPS and LibreOffice all put about a quarter of one between Chinese and
 * such Latin text (LibreOffice ignores the setting that turns this off).
 */
function widthInChars(value: string): number {
  const latin = [...value].map((c) => c.charCodeAt(0) < 0x2e80)
  return latin.reduce((sum, isLatin, i) => sum + (isLatin ? 0.5 : 1) + (i > 0 && isLatin !== latin[i - 1] ? 0.25 : 0), 0)
}

/** Characters of the 156 mm line at 16 pt; the mark's size shrinks so a long unit name stays on one line. */
const LINE_CHARS_AT_16PT = 28
const MARK_PT = 36
/** The sign-up QR code: 138 pt, filling five lines of the grid but for a few points. */
const QR_PX = 184

/**
 * 发文机关署名 and 成文日期 of a document without a seal (GB/T 9704-2012 §7.3.5.3): the
 * signature 右空二字, the date on the next line starting two characters right of the
 * signature's start; a date longer than that keeps 右空二字 and moves the signature left.
 */
function signatureAndDate(issuer: string, date: string): DocParagraph[] {
  const signature = widthInChars(issuer)
  const dated = widthInChars(date)
  const dateRight = Math.max(2, signature - dated)
  const signatureRight = dateRight + dated + 2 - signature
  return [
    { kind: 'paragraph', align: 'right', rightIndentChars: signatureRight, runs: [{ text: issuer }] },
    { kind: 'paragraph', align: 'right', rightIndentChars: dateRight, runs: [{ text: date }] },
  ]
}

/**
 * The notice as a 公文 (GB/T 9704-2012): the issuing office's mark in red over a red rule,
 * the title in 2号小标宋 two lines below, the addressee, the body in 3号仿宋 with 黑体
 * headings, the sign-up QR code, the issuing office's signature and date, and the 版记. `issuer`
 * is the host unit's name (the office itself for a training hosted by 其他).
 */
export function noticeBlocks(train: TrainDetail, issuer: string, signUpUrl: string, qrPng: Buffer): DocBlock[] {
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
      ],
    ],
    ['联系方式', contacts.map(([name, phone]) => `${name}，${phone}`)],
  ]
  const markPt = Math.min(MARK_PT, Math.floor((LINE_CHARS_AT_16PT * 16) / widthInChars(issuer)))
  return [
    { kind: 'paragraph', align: 'center', lines: 2, redRuleBelow: true, runs: [{ text: issuer, font: 'title', size: markPt, colour: RED }] },
    blankLine,
    blankLine,
    { kind: 'paragraph', align: 'center', runs: [{ text: `关于举办${train.name}的通知`, font: 'title', size: 22 }] },
    blankLine,
    { kind: 'paragraph', align: 'left', runs: [{ text: `${train.sendObject}：` }] },
    ...htmlToParagraphs(train.description).map(text),
    ...sections.flatMap(([title, paragraphs], i) => {
      const blocks: DocBlock[] = [heading(i, title), ...paragraphs.map(text)]
      if (title !== '报名方式') return blocks
      // Left-aligned: justified, the one long unbreakable link stretched the label's characters apart.
      const link: DocParagraph = { ...text(`报名链接：${signUpUrl}`), align: 'left' }
      return [...blocks, link, { kind: 'image' as const, png: qrPng, widthPx: QR_PX, heightPx: QR_PX }]
    }),
    blankLine,
    ...signatureAndDate(issuer, chineseDate(train.createTime)),
    // Printed by the issuing office on the day it is dated: the notice is generated ready to print.
    { kind: 'colophon', printedBy: issuer, printedOn: chineseDate(train.createTime) },
  ]
}

/**
 * Writes the notice of a training as a Word document into the upload folder and
 * records it like an upload, so `GET /api/file` serves it. Returns the stored path.
 */
export async function writeNotice(
  deps: { db: Parameters<typeof recordUploads>[0]; uploadDir: string; adminId: number },
  train: TrainDetail,
  issuer: string,
  signUpUrl: string,
): Promise<string> {
  const qrPng = await QRCode.toBuffer(signUpUrl, { type: 'png', width: 320, margin: 1, errorCorrectionLevel: 'M' })
  const bytes = await buildDocx(noticeBlocks(train, issuer, signUpUrl, qrPng))
  const path = newStoredPath('docx')
  const absolute = absoluteStoredPath(deps.uploadDir, path)
  await mkdir(dirname(absolute), { recursive: true })
  await writeFile(absolute, bytes)
  await recordUploads(deps.db, [{ path, name: `关于举办${train.name}的通知.docx`, size: bytes.length, mime: DOCX_MIME }], deps.adminId)
  return path
}
