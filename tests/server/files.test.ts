import { readdir } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEnvelope } from '../../src-shared/errors'
import type { UploadedFile } from '../../src-shared/schemas/files'
import { nowText } from '../../src-server/db/time'
import { richTextColumns, storedPathColumns, UPLOAD_QUOTA_BYTES } from '../../src-server/modules/files/access'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { login } from '../support/login'
import { MP4, PDF, PNG } from '../support/sample-files'
import { membersOfTopOrg } from '../support/training'
import { call, startTestServer, type TestServer } from './harness'

const OLE2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)])
/** A stored path no upload has (a record that needs some picture). */
const PLACEHOLDER = '2026/11/00000000000000000000000000000000.png'
/** The EBML header of a WebM. */
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)])

async function xlsxBytes(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.addWorksheet('名单').addRow(['姓名', '手机号'])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name)
}

describe.each(testDatabases())('uploads and files ($name)', (database) => {
  let server: TestServer
  let token: string

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    token = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
  })
  afterAll(() => server?.stop())

  async function upload(kind: string, files: { name: string; bytes: Buffer; type?: string }[], withToken = token) {
    const form = new FormData()
    for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name)
    const response = await fetch(`${server.url}/api/upload?kind=${kind}`, { method: 'POST', headers: { Token: withToken }, body: form })
    return { status: response.status, body: (await response.json()) as ApiEnvelope<UploadedFile[]> }
  }

  async function uploaded(kind: string, name: string, bytes: Buffer): Promise<UploadedFile> {
    return dataOf((await upload(kind, [{ name, bytes }])).body)[0]
  }

  it('stores a PNG under a server-chosen path and reads the same bytes back', async () => {
    const { status, body } = await upload('image', [{ name: '头像.png', bytes: PNG, type: 'image/png' }])
    expect(status).toBe(200)
    const [file] = dataOf(body)
    expect(file).toMatchObject({ name: '头像.png', size: PNG.length })
    const now = new Date()
    expect(file.path).toMatch(new RegExp(`^${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}/[0-9a-f]{32}\\.png$`))

    const response = await fetch(`${server.url}/api/file?path=${encodeURIComponent(file.path)}`, { headers: { Token: token } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('头像.png'))
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)
  })

  it('serves byte ranges of a stored PDF (206 with Content-Range), and 416 for a range past its end', async () => {
    const { path } = await uploaded('pdf', '座位图.pdf', PDF)
    const get = (range?: string) =>
      fetch(`${server.url}/api/file?path=${encodeURIComponent(path)}`, { headers: { Token: token, ...(range ? { Range: range } : {}) } })

    const whole = await get()
    expect(whole.status).toBe(200)
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(PDF)

    const slice = await get('bytes=5-19')
    expect(slice.status).toBe(206)
    expect(slice.headers.get('content-range')).toBe(`bytes 5-19/${PDF.length}`)
    expect(slice.headers.get('content-length')).toBe('15')
    expect(slice.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await slice.arrayBuffer())).toEqual(PDF.subarray(5, 20))

    const tail = await get('bytes=40-')
    expect(tail.status).toBe(206)
    expect(tail.headers.get('content-range')).toBe(`bytes 40-${PDF.length - 1}/${PDF.length}`)
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(PDF.subarray(40))

    const beyond = await get(`bytes=${PDF.length}-`)
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${PDF.length}`)
    expect(await beyond.json()).toMatchObject({ code: 416, error: 'VALIDATION', message: `请求的读取范围超出文件大小（文件共 ${PDF.length} 字节）` })
  })

  it('accepts each kind by its content: PDF, Excel (xlsx and OLE2 xls), Word (OLE2 doc), video', async () => {
    const xlsx = await xlsxBytes()
    expect(await uploaded('pdf', '座位图.pdf', PDF)).toMatchObject({ name: '座位图.pdf' })
    expect(await uploaded('roster', '名单.xlsx', xlsx)).toMatchObject({ size: xlsx.length })
    expect(await uploaded('roster', '名单.xls', OLE2)).toMatchObject({ name: '名单.xls' })
    expect(await uploaded('attachment', '通知.doc', OLE2)).toMatchObject({ name: '通知.doc' })
    expect(await uploaded('attachment', '附件.xlsx', xlsx)).toMatchObject({ name: '附件.xlsx' })
    expect(await uploaded('video', '党课.mp4', MP4)).toMatchObject({ name: '党课.mp4' })
    expect(await uploaded('video', '党课.webm', WEBM)).toMatchObject({ name: '党课.webm' })
  })

  it('takes a scanned, stamped notice as PDF or picture, and nothing else (kind scan)', async () => {
    expect(await uploaded('scan', '盖章公文.pdf', PDF)).toMatchObject({ name: '盖章公文.pdf' })
    expect(await uploaded('scan', '盖章公文.png', PNG)).toMatchObject({ name: '盖章公文.png' })
    const { body } = await upload('scan', [{ name: '通知.doc', bytes: OLE2 }])
    expect(body.message).toBe('只能上传 pdf、jpg、jpeg、png 格式的文件!')
  })

  it('refuses a file whose content does not match its name, and keeps nothing', async () => {
    const before = await filesIn(server.uploadDir)
    const text = await upload('image', [{ name: 'photo.png', bytes: Buffer.from('just some text, not an image') }])
    expect(text.status).toBe(400)
    expect(text.body).toMatchObject({ code: 400, error: 'FILE_REJECTED', message: '文件 photo.png 的内容不是有效的 png 文件' })

    const xlsxAsDocx = await upload('attachment', [{ name: '报告.docx', bytes: await xlsxBytes() }])
    expect(xlsxAsDocx.body).toMatchObject({ error: 'FILE_REJECTED', message: '文件 报告.docx 的内容不是有效的 docx 文件' })
    expect(await filesIn(server.uploadDir)).toEqual(before)
  })

  it('refuses an extension the kind does not allow', async () => {
    const { body } = await upload('image', [{ name: 'scan.pdf', bytes: PDF }])
    expect(body).toMatchObject({ error: 'FILE_REJECTED', message: '只能上传 jpg、jpeg、png 格式的文件!' })
  })

  it("refuses a file over the kind's size limit with the kind's message", async () => {
    const before = await filesIn(server.uploadDir)
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])
    const { status, body } = await upload('image', [{ name: 'big.png', bytes: big }])
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'FILE_REJECTED', message: '上传图片大小不能超过 1MB!' })
    expect(await filesIn(server.uploadDir)).toEqual(before)
  })

  it('is all or nothing when one of several files is refused', async () => {
    const before = await filesIn(server.uploadDir)
    const rowsBefore = await server.db.selectFrom('upload').select('id').execute()
    const { body } = await upload('image', [
      { name: 'good.png', bytes: PNG },
      { name: 'bad.png', bytes: Buffer.from('nope') },
    ])
    expect(body).toMatchObject({ error: 'FILE_REJECTED' })
    expect(await filesIn(server.uploadDir)).toEqual(before)
    expect(await server.db.selectFrom('upload').select('id').execute()).toHaveLength(rowsBefore.length)
  })

  it('needs a signed-in account and a multipart body with files', async () => {
    expect((await upload('image', [{ name: 'a.png', bytes: PNG }], 'bad-token')).status).toBe(401)
    const { body } = await call(server.url, 'POST', '/api/upload', { token, body: { files: [] } })
    expect(body).toMatchObject({ error: 'FILE_REJECTED' })
    const unknownKind = await upload('script', [{ name: 'a.png', bytes: PNG }])
    expect(unknownKind.body).toMatchObject({ error: 'VALIDATION', data: { issues: [{ path: 'kind' }] } })
  })

  it('serves only stored uploads: no traversal, no unknown paths', async () => {
    for (const path of ['../../etc/passwd', '2026/01/../../../etc/passwd', '/etc/passwd', '2026/01/x.png']) {
      const { status, body } = await call(server.url, 'GET', '/api/file', { token, query: { path } })
      expect(status).toBe(400)
      expect(body).toMatchObject({ error: 'VALIDATION', message: '文件路径无效' })
    }
    const missing = await call(server.url, 'GET', '/api/file', { token, query: { path: '2020/01/0123456789abcdef0123456789abcdef.png' } })
    expect(missing).toMatchObject({ status: 404, body: { error: 'NOT_FOUND', message: '文件不存在' } })
  })

  it('takes uploads only from an account with a role, within its quota', async () => {
    const norole = await login(server.url, demoAccounts.norole.username, demoAccounts.norole.password)
    const refused = await upload('image', [{ name: 'a.png', bytes: PNG }], norole)
    expect(refused.status).toBe(403)
    expect(await filesIn(server.uploadDir)).not.toContain('a.png')

    const orgadmin = await login(server.url, demoAccounts.orgadmin.username, demoAccounts.orgadmin.password)
    const { id } = await server.db.selectFrom('admin').select('id').where('name', '=', demoAccounts.orgadmin.username).executeTakeFirstOrThrow()
    await server.db.insertInto('upload').values({ path: '2020/01/ffffffffffffffffffffffffffffffff.mp4', originalName: 'big.mp4', size: UPLOAD_QUOTA_BYTES, mime: 'video/mp4', createdBy: id, createdAt: nowText() }).execute()
    const full = await upload('image', [{ name: 'a.png', bytes: PNG }], orgadmin)
    expect(full.body).toMatchObject({ error: 'FILE_REJECTED', message: '上传空间不足：每个账号最多保存 2GB 文件' })
    await server.db.deleteFrom('upload').where('createdBy', '=', id).execute()
  })

  it("reads a file only for its uploader or an account whose tree holds a record naming it", async () => {
    const mine = await uploaded('image', 'qr.png', PNG)
    const orgadmin = await login(server.url, demoAccounts.orgadmin.username, demoAccounts.orgadmin.password)
    const read = (as: string) => call(server.url, 'GET', '/api/file', { token: as, query: { path: mine.path } })
    expect((await read(orgadmin)).status).toBe(404)
    const own = await fetch(`${server.url}/api/file?path=${mine.path}`, { headers: { Token: token, Connection: 'close' } })
    expect(own.status).toBe(200)
    // Read to the end on a connection that closes after it: a file read kept alive here held the server's close past its hook timeout.
    await own.arrayBuffer()

    // A member of orgadmin's tree shows it as photo: now the tree may read it.
    const [member] = await membersOfTopOrg(server.db, '省财政厅机关党委')
    await server.db.updateTable('member').set({ avatarUrl: mine.path }).where('id', '=', member.id).execute()
    const referenced = await fetch(`${server.url}/api/file?path=${mine.path}`, { headers: { Token: orgadmin, Connection: 'close' } })
    expect(referenced.status).toBe(200)
    await referenced.arrayBuffer()
  })
  it('lets a tree read a file named by any stored-path column of a record it may see, and no other tree', async () => {
    const orgadmin = await login(server.url, demoAccounts.orgadmin.username, demoAccounts.orgadmin.password)
    const readAs = async (path: string) => {
      const response = await fetch(`${server.url}/api/file?path=${path}`, { headers: { Token: orgadmin, Connection: 'close' } })
      await response.arrayBuffer()
      return response.status
    }
    const { db } = server
    const now = nowText()
    const stamps = { createTime: now, updatedAt: now }
    const top = await db.selectFrom('org').select('id').where('name', '=', ORG_ADMIN_TOP_ORG).executeTakeFirstOrThrow()
    const [ownMember] = await membersOfTopOrg(db, ORG_ADMIN_TOP_ORG)
    const otherMember = await db.selectFrom('member').select(['id', 'orgId']).where('topOrgId', '!=', top.id).orderBy('id').executeTakeFirstOrThrow()
    // A training hosted in orgadmin's tree, and one hosted outside it.
    const [ownTrain, otherTrain] = await db.selectFrom('train').select('id').orderBy('id').limit(2).execute()
    await db.updateTable('train').set({ orgId: top.id }).where('id', '=', ownTrain.id).execute()
    await db.updateTable('train').set({ orgId: otherMember.orgId }).where('id', '=', otherTrain.id).execute()
    const teacher = (avatarUrl: string) => db.insertInto('teacher').values({ name: '讲师', avatarUrl, content: '', ...stamps }).returning('id').executeTakeFirstOrThrow()
    const course = async (values: { imagePath?: string; videoPath?: string }) =>
      db.insertInto('course').values({ name: '课程', teacherId: (await teacher(PLACEHOLDER)).id, content: '', status: 1, imagePath: null, videoPath: null, ...stamps, ...values }).returning('id').executeTakeFirstOrThrow()
    const category = await db.insertInto('questionCategory').values({ name: '图片题', useType: 2, createdBy: null, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
    const question = (imagePath: string | null) =>
      db.insertInto('question').values({ useType: 2, categoryId: category.id, type: 1, title: '题目', stem: null, answer: 'A', analysis: null, imagePath, createdBy: null, createName: null, createdAt: now, updatedAt: now }).returning(['id', 'categoryId']).executeTakeFirstOrThrow()

    /** A record of each table naming `path` in `column`; `inTree` false places it outside orgadmin's tree where the table has trees. */
    const naming: { [T in keyof typeof storedPathColumns]: (column: (typeof storedPathColumns)[T]['columns'][number], path: string, inTree: boolean) => Promise<unknown> } = {
      train: (column, path, inTree) => db.updateTable('train').set({ [column]: path }).where('id', '=', inTree ? ownTrain.id : otherTrain.id).execute(),
      trainResource: (_, path, inTree) => db.insertInto('trainResource').values({ trainId: inTree ? ownTrain.id : otherTrain.id, resourceName: '附件', resourceUrl: path, sortOrder: 1 }).execute(),
      trainLocationPicture: (_, path, inTree) => db.insertInto('trainLocationPicture').values({ trainId: inTree ? ownTrain.id : otherTrain.id, imagePath: path, createdAt: now }).execute(),
      member: (_, path, inTree) => db.updateTable('member').set({ avatarUrl: path }).where('id', '=', inTree ? ownMember.id : otherMember.id).execute(),
      news: (_, path) => db.insertInto('news').values({ title: '新闻', comeFrom: '来源', entryTime: '2026-11-20', imagePath: path, content: '<p>正文</p>', status: 1, ...stamps }).execute(),
      carousel: (_, path) => db.insertInto('carousel').values({ imagePath: path, newsId: null, status: 1, ...stamps }).execute(),
      teacher: (_, path) => teacher(path),
      course: (column, path) => course({ [column]: path }),
      courseResource: async (_, path) => db.insertInto('courseResource').values({ courseId: (await course({})).id, name: '资料', sortOrder: 1, type: 1, resourcePath: path, ...stamps }).execute(),
      question: (_, path) => question(path),
      paperQuestion: async (_, path) => {
        const q = await question(null)
        const paper = await db
          .insertInto('paper')
          .values({ title: '试卷', content: '', totalScore: 100, choiceType: 1, questionList: '[]', categoryList: '[]', createdBy: null, createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow()
        await db
          .insertInto('paperQuestion')
          .values({ paperId: paper.id, sortOrder: 1, questionId: q.id, questionType: 1, categoryId: q.categoryId, categoryName: '类别', title: '题目', stem: null, answer: 'A', analysis: null, imagePath: path, questionScore: 100 })
          .execute()
      },
    }
    for (const [table, { columns, placed }] of Object.entries(storedPathColumns)) {
      const name = naming[table as keyof typeof naming] as (column: string, path: string, inTree: boolean) => Promise<unknown>
      for (const column of columns) {
        const { path } = await uploaded('image', `${table}.png`, PNG)
        expect(await readAs(path), `${table}.${column} before any record names it`).toBe(404)
        if (placed !== 'province') {
          await name(column, path, false)
          expect(await readAs(path), `${table}.${column} named in another tree`).toBe(404)
        }
        await name(column, path, true)
        expect(await readAs(path), `${table}.${column} named by a record orgadmin may see`).toBe(200)
      }
    }

    // A picture in rich text is read like a stored path by whoever may see the record.
    const html = (path: string) => `<p>正文<img src="${path}" /></p>`
    const inRichText: { [T in keyof typeof richTextColumns]: (column: (typeof richTextColumns)[T]['columns'][number], path: string, inTree: boolean) => Promise<unknown> } = {
      train: (column, path, inTree) => db.updateTable('train').set({ [column]: html(path) }).where('id', '=', inTree ? ownTrain.id : otherTrain.id).execute(),
      news: (_, path) => db.insertInto('news').values({ title: '新闻', comeFrom: '来源', entryTime: '2026-11-20', imagePath: null, content: html(path), status: 1, ...stamps }).execute(),
      notice: (_, path, inTree) => db.insertInto('notice').values({ name: '通知', content: html(path), status: 1, ownerOrgId: inTree ? top.id : otherMember.orgId, ...stamps }).execute(),
      teacher: async (_, path) => db.updateTable('teacher').set({ content: html(path) }).where('id', '=', (await teacher(PLACEHOLDER)).id).execute(),
      course: async (_, path) => db.updateTable('course').set({ content: html(path) }).where('id', '=', (await course({})).id).execute(),
    }
    for (const [table, { columns, placed }] of Object.entries(richTextColumns)) {
      const name = inRichText[table as keyof typeof inRichText] as (column: string, path: string, inTree: boolean) => Promise<unknown>
      for (const column of columns) {
        const { path } = await uploaded('image', `${table}-${column}.png`, PNG)
        expect(await readAs(path), `${table}.${column} before any text shows it`).toBe(404)
        if (placed !== 'province') {
          await name(column, path, false)
          expect(await readAs(path), `${table}.${column} shown in another tree`).toBe(404)
        }
        await name(column, path, true)
        expect(await readAs(path), `${table}.${column} shown in a record orgadmin may see`).toBe(200)
      }
    }
  })
})
