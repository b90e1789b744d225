import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SeatInfo, SeatPicture, SeatPlan, SeatPlanSaveBody, SeatSaveResult, Location } from '../../src-shared/schemas/seating'
import type { SignUpMember } from '../../src-shared/schemas/signup'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { membersOfTopOrg, validTrainForm } from '../support/training'
import { failureOf, issuesOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

const LOCATION = '/api/train/member/location'
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

describe.each(testDatabases())('venue seating ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let orgadmin: ApiAs
  let finance: { id: number }[]

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    orgadmin = await signInAs(server.url, demoAccounts.orgadmin)
    finance = await membersOfTopOrg(server.db, '省财政厅机关党委')
  })
  afterAll(() => server?.stop())

  /** A training of orgadmin's unit with `people` sign-ups; returns it with their sign-up ids. */
  async function trainingWith(people: number, api = orgadmin) {
    const train = dataOf((await api.post<TrainDetail>('/api/train', validTrainForm({ maxNum: 0 }))).body)
    const signUps: number[] = []
    for (const member of finance.slice(0, people)) {
      signUps.push(dataOf((await api.post<SignUpMember>('/api/train/sign/up/member', { trainId: train.id, memberId: member.id })).body).id)
    }
    return { trainId: train.id, signUps }
  }

  const plan = (trainId: number, api = orgadmin) => api.data<SeatPlan>(`${LOCATION}/plan`, { trainId })
  const save = async (body: SeatPlanSaveBody, api = orgadmin) => dataOf((await api.post<SeatSaveResult>(`${LOCATION}/save`, body)).body)
  const seatsOf = (p: SeatPlan) => p.seats.map((s) => [s.rowNumber, s.columnNumber, s.trainSignUpMemberId])
  /** The operation log's seat saves of a training, oldest first: the revisions before and after each change (null: no change logged). */
  const savesLogged = async (trainId: number) =>
    (
      await server.db
        .selectFrom('operationLog')
        .select(['before', 'after'])
        .where('route', '=', 'seat.save')
        .where('recordTable', '=', 'train')
        .where('recordId', '=', trainId)
        .orderBy('id')
        .execute()
    ).map((e) => [e.before && (JSON.parse(e.before) as SeatPlan).revision, e.after && (JSON.parse(e.after) as SeatPlan).revision])

  it('starts a plan at 4 × 5 with every sign-up unseated, and saves the whole plan with a new revision', async () => {
    const { trainId, signUps } = await trainingWith(3)
    const first = await plan(trainId)
    expect(first).toMatchObject({ rowNumber: 4, columnNumber: 5, useSeat: 0, revision: 0, seats: [] })
    expect(first.people.map((p) => p.trainSignUpMemberId)).toEqual(signUps)

    const saved = await save({
      trainId, rowNumber: 2, columnNumber: 3, useSeat: 0,
      trainMemberLocations: [
        { rowNumber: 1, columnNumber: 1, groupNumber: 1, trainSignUpMemberId: signUps[0] },
        { rowNumber: 1, columnNumber: 2, groupNumber: 2, trainSignUpMemberId: signUps[1] },
        { rowNumber: 2, columnNumber: 2, groupNumber: 2 },
      ],
    })
    expect(saved).toEqual({ outcome: 'saved', revision: 1 })
    const after = await plan(trainId)
    expect(after).toMatchObject({ rowNumber: 2, columnNumber: 3, revision: 1 })
    expect(seatsOf(after)).toEqual([[1, 1, signUps[0]], [1, 2, signUps[1]], [2, 2, null]])
    expect(after.seats[0]).toMatchObject({ name: after.people[0].name, memberId: after.people[0].memberId, groupNumber: 1 })
    expect(await orgadmin.data<SeatInfo>(`${LOCATION}/info`, { trainId })).toMatchObject({ rowNumber: 2, columnNumber: 3, revision: 1 })
    expect((await orgadmin.data<Location[]>(`${LOCATION}/all`, { trainId })).map((s) => s.trainSignUpMemberId)).toEqual([signUps[0], signUps[1], null])
  })

  it('applies a save once: a replayed idempotency key answers the first result and changes nothing', async () => {
    const { trainId, signUps } = await trainingWith(2)
    const body = { trainId, rowNumber: 2, columnNumber: 2, idempotencyKey: 'key-replay-0001', baseRevision: 0, trainMemberLocations: [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: signUps[0] }] }
    expect(await save(body)).toEqual({ outcome: 'saved', revision: 1 })
    // Another save moves the person on; the first save delivered again must not undo it.
    expect(await save({ trainId, rowNumber: 2, columnNumber: 2, baseRevision: 1, trainMemberLocations: [{ rowNumber: 2, columnNumber: 2, trainSignUpMemberId: signUps[0] }] })).toEqual({ outcome: 'saved', revision: 2 })
    expect(await save(body)).toEqual({ outcome: 'saved', revision: 1 })
    const now = await plan(trainId)
    expect(now.revision).toBe(2)
    expect(seatsOf(now)).toEqual([[2, 2, signUps[0]]])
    // The log shows the two changes, and the replay as a call that changed nothing.
    expect(await savesLogged(trainId)).toEqual([[0, 1], [1, 2], [null, null]])

    // Deliveries of one key at the same time: one applies, every one answers its result.
    const twin = { ...body, idempotencyKey: 'key-replay-0002', baseRevision: undefined }
    const answers = await Promise.all(Array.from({ length: 6 }, () => save(twin)))
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect((await plan(trainId)).revision).toBe(3)

    // A key is the sending account's own: another account's save under the same key is applied.
    expect(await save({ ...body, baseRevision: 3, trainMemberLocations: [{ rowNumber: 1, columnNumber: 2, trainSignUpMemberId: signUps[1] }] }, admin)).toEqual({ outcome: 'saved', revision: 4 })
    expect(seatsOf(await plan(trainId))).toEqual([[1, 2, signUps[1]]])
  })

  it('answers every copy of one save sent at the same moment with the first copy\'s answer, and applies it once', async () => {
    const { trainId, signUps } = await trainingWith(2)
    for (let round = 0; round < 20; round++) {
      const body = {
        trainId, rowNumber: 2, columnNumber: 2, idempotencyKey: `key-copies-${round}`, baseRevision: round,
        trainMemberLocations: [{ rowNumber: 1 + (round % 2), columnNumber: 1, trainSignUpMemberId: signUps[round % 2] }],
      }
      const answers = await Promise.all([save(body), save(body), save(body)])
      expect(answers, `round ${round}`).toEqual([0, 1, 2].map(() => ({ outcome: 'saved', revision: round + 1 })))
      const now = await plan(trainId)
      expect(now.revision, `round ${round}: one change`).toBe(round + 1)
      expect(seatsOf(now)).toEqual([[1 + (round % 2), 1, signUps[round % 2]]])
    }
    // One change logged per round, whichever copy applied it.
    const logged = await savesLogged(trainId)
    expect(logged.filter(([, after]) => after !== null)).toEqual(Array.from({ length: 20 }, (_, round) => [round, round + 1]))
    expect(logged).toHaveLength(60)
  })

  it('answers a stale base revision with a conflict carrying the server plan, and keeps the server plan', async () => {
    const { trainId, signUps } = await trainingWith(2)
    await save({ trainId, rowNumber: 1, columnNumber: 2, baseRevision: 0, trainMemberLocations: [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: signUps[0] }] })
    const stale = await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 0, idempotencyKey: 'key-stale-0001', trainMemberLocations: [{ rowNumber: 3, columnNumber: 3, trainSignUpMemberId: signUps[1] }] })
    expect(stale.outcome).toBe('conflict')
    if (stale.outcome !== 'conflict') return
    expect(stale.plan).toMatchObject({ revision: 1, rowNumber: 1, columnNumber: 2 })
    expect(seatsOf(stale.plan)).toEqual([[1, 1, signUps[0]]])
    expect(seatsOf(await plan(trainId))).toEqual([[1, 1, signUps[0]]])
  })

  it('merges a stale save with changes to other seats by itself, and answers the merged plan', async () => {
    const { trainId, signUps } = await trainingWith(4)
    const start = [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: signUps[0] }, { rowNumber: 1, columnNumber: 2, trainSignUpMemberId: signUps[1] }]
    expect(await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 0, trainMemberLocations: start })).toEqual({ outcome: 'saved', revision: 1 })
    // Someone else seats a third person; the clerk, still on revision 1, swaps the first two.
    expect(await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 1, trainMemberLocations: [...start, { rowNumber: 3, columnNumber: 3, trainSignUpMemberId: signUps[2] }] }, admin)).toMatchObject({ revision: 2 })
    const swapped = [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: signUps[1] }, { rowNumber: 1, columnNumber: 2, trainSignUpMemberId: signUps[0] }]
    const merged = await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 1, idempotencyKey: 'key-merge-0001', trainMemberLocations: swapped })
    expect(merged.outcome).toBe('saved')
    if (merged.outcome !== 'saved') return
    expect(merged.revision).toBe(3)
    expect(seatsOf(merged.plan!)).toEqual([[1, 1, signUps[1]], [1, 2, signUps[0]], [3, 3, signUps[2]]])
    expect(seatsOf(await plan(trainId))).toEqual(seatsOf(merged.plan!))
    // A replay answers the same merged result.
    expect(await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 1, idempotencyKey: 'key-merge-0001', trainMemberLocations: swapped })).toEqual(merged)
  })

  it('asks only about seats both sides changed, naming who changed them and when, and the account\'s own changes as its own', async () => {
    const { trainId, signUps } = await trainingWith(4)
    const start = [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: signUps[0] }, { rowNumber: 1, columnNumber: 2, trainSignUpMemberId: signUps[1] }]
    await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 0, trainMemberLocations: start })
    await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 1, trainMemberLocations: [{ ...start[0], trainSignUpMemberId: signUps[2] }, start[1]] }, admin)
    await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 2, trainMemberLocations: [{ ...start[0], trainSignUpMemberId: signUps[2] }, start[1], { rowNumber: 2, columnNumber: 2, trainSignUpMemberId: signUps[0] }] })
    const answer = await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 1, trainMemberLocations: [{ ...start[0], trainSignUpMemberId: signUps[3] }, start[1]] })
    expect(answer.outcome).toBe('conflict')
    if (answer.outcome !== 'conflict') return
    expect(answer.plan.revision).toBe(3)
    expect(answer.base?.seats.map((s) => [s.rowNumber, s.columnNumber, s.trainSignUpMemberId])).toEqual([[1, 1, signUps[0]], [1, 2, signUps[1]]])
    expect(answer.changes).toEqual([
      { revision: 2, changedBy: demoAccounts.admin.username, changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), byMe: false, seats: [[1, 1]], grid: false },
      { revision: 3, changedBy: demoAccounts.orgadmin.username, changedAt: expect.stringMatching(/^\d{4}-/), byMe: true, seats: [[2, 2]], grid: false },
    ])
    expect(seatsOf(await plan(trainId))).toEqual([[1, 1, signUps[2]], [1, 2, signUps[1]], [2, 2, signUps[0]]])
  })

  it('names a person whose sign-up was cancelled meanwhile, and takes the clerk\'s plan without them', async () => {
    const { trainId, signUps } = await trainingWith(3)
    const start = [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: signUps[0] }, { rowNumber: 1, columnNumber: 2, trainSignUpMemberId: signUps[1] }, { rowNumber: 2, columnNumber: 1, trainSignUpMemberId: signUps[2] }]
    await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 0, trainMemberLocations: start })
    const name = (await plan(trainId)).people[2].name
    expect((await orgadmin.del(`/api/train/sign/up/member/${signUps[2]}`)).status).toBe(200)
    const swapped = [{ ...start[0], trainSignUpMemberId: signUps[1] }, { ...start[1], trainSignUpMemberId: signUps[0] }, start[2]]
    const answer = await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 1, trainMemberLocations: swapped })
    expect(answer).toMatchObject({ outcome: 'conflict', departed: [{ trainSignUpMemberId: signUps[2], name }] })
    // The clerk's plan without the person (what 保留我的版本 sends) is taken at once.
    expect(await save({ trainId, rowNumber: 3, columnNumber: 3, baseRevision: 1, trainMemberLocations: swapped.slice(0, 2) })).toEqual({ outcome: 'saved', revision: 2 })
    expect(seatsOf(await plan(trainId))).toEqual([[1, 1, signUps[1]], [1, 2, signUps[0]]])
  })

  it('never seats a person twice or two people on a seat, whatever order concurrent writes arrive in', async () => {
    const { trainId, signUps } = await trainingWith(4)
    // Twenty whole-plan saves at once, each a different valid arrangement: the last to commit wins whole.
    const arrangements = Array.from({ length: 20 }, (_, k) =>
      signUps.map((id, i) => ({ rowNumber: 1 + ((i + k) % 3), columnNumber: 1 + ((i * 7 + k) % 3), trainSignUpMemberId: id })),
    ).map((seats) => seats.filter((s, i) => seats.findIndex((o) => o.rowNumber === s.rowNumber && o.columnNumber === s.columnNumber) === i))
    const results = await Promise.all(arrangements.map((locations) => save({ trainId, rowNumber: 3, columnNumber: 3, trainMemberLocations: locations })))
    expect(results.every((r) => r.outcome === 'saved')).toBe(true)
    const final = await plan(trainId)
    expect(final.revision).toBe(20)
    const winner = arrangements[results.findIndex((r) => r.outcome === 'saved' && r.revision === 20)]
    expect(seatsOf(final)).toEqual(winner.map((s) => [s.rowNumber, s.columnNumber, s.trainSignUpMemberId]).sort((a, b) => a[0] - b[0] || a[1] - b[1]))

    // One seat, several people at once: exactly one is seated there.
    await save({ trainId, rowNumber: 3, columnNumber: 3, trainMemberLocations: [] })
    const sameSeat = await Promise.all(signUps.map((id) => orgadmin.post<Location>(LOCATION, { trainId, rowNumber: 2, columnNumber: 2, trainSignUpMemberId: id })))
    expect(sameSeat.filter((a) => a.status === 200)).toHaveLength(1)
    expect(sameSeat.filter((a) => a.status === 409).map((a) => failureOf(a).message)).toEqual(Array(3).fill('该座位已有人员，请刷新后重试'))
    // One person, several seats at once: exactly one seat is given.
    const person = signUps.find((id) => !sameSeat.some((a) => a.status === 200 && dataOf(a.body).trainSignUpMemberId === id))
    const sameMan = await Promise.all([1, 2, 3].map((col) => orgadmin.post<Location>(LOCATION, { trainId, rowNumber: 1, columnNumber: col, trainSignUpMemberId: person })))
    expect(sameMan.filter((a) => a.status === 200)).toHaveLength(1)
    expect(failureOf(sameMan.find((a) => a.status === 409)!).message).toBe('该人员已有座位，请刷新后重试')
    const seats = (await plan(trainId)).seats.filter((s) => s.trainSignUpMemberId !== null)
    expect(new Set(seats.map((s) => s.trainSignUpMemberId)).size).toBe(seats.length)
  })

  it('moves, empties and refills single seats, raising the revision each time', async () => {
    const { trainId, signUps } = await trainingWith(2)
    await save({ trainId, rowNumber: 2, columnNumber: 2, trainMemberLocations: [] })
    const seat = dataOf((await orgadmin.post<Location>(LOCATION, { trainId, rowNumber: 1, columnNumber: 1, groupNumber: 1, trainSignUpMemberId: signUps[0] })).body)
    expect(seat).toMatchObject({ rowNumber: 1, columnNumber: 1, groupNumber: 1, trainSignUpMemberId: signUps[0] })
    const moved = dataOf((await orgadmin.patch<Location>(LOCATION, { id: seat.id, rowNumber: 2, columnNumber: 2 })).body)
    expect(moved).toMatchObject({ id: seat.id, rowNumber: 2, columnNumber: 2, trainSignUpMemberId: signUps[0] })
    const emptied = dataOf((await orgadmin.patch<Location>(LOCATION, { id: seat.id, trainSignUpMemberId: null })).body)
    expect(emptied).toMatchObject({ trainSignUpMemberId: null, name: null, groupNumber: 1 })
    // The empty seat (kept for its group) takes the next person.
    const refilled = dataOf((await orgadmin.post<Location>(LOCATION, { trainId, rowNumber: 2, columnNumber: 2, trainSignUpMemberId: signUps[1] })).body)
    expect(refilled).toMatchObject({ id: seat.id, groupNumber: 1, trainSignUpMemberId: signUps[1] })
    expect((await plan(trainId)).revision).toBe(5)
    const outside = await orgadmin.patch(LOCATION, { id: seat.id, rowNumber: 3 })
    expect(failureOf(outside).message).toBe('第3排第2列不在座位表内')
  })

  it('refuses invalid plans with clear messages and changes nothing', async () => {
    const { trainId, signUps } = await trainingWith(1)
    const other = await trainingWith(1)
    const post = (body: object) => orgadmin.post(`${LOCATION}/save`, { trainId, rowNumber: 2, columnNumber: 2, trainMemberLocations: [], ...body })
    expect(issuesOf(await post({ rowNumber: 0 })).rowNumber).toBe('行数必须是不小于1的整数')
    expect(issuesOf(await post({ columnNumber: 1.5 })).columnNumber).toBe('列数必须是不小于1的整数')
    const twice = await post({ trainMemberLocations: [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: signUps[0] }, { rowNumber: 1, columnNumber: 2, trainSignUpMemberId: signUps[0] }] })
    expect(failureOf(twice).data?.issues?.map((i) => i.message)).toContain('同一人员不能占用两个座位')
    const outside = await post({ trainMemberLocations: [{ rowNumber: 3, columnNumber: 1 }] })
    expect(failureOf(outside).data?.issues?.map((i) => i.message)).toContain('第3排第1列不在座位表内')
    const stranger = await post({ trainMemberLocations: [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: other.signUps[0] }] })
    expect(failureOf(stranger).message).toBe('有人员已不在报名名单中，请刷新后重新安排')
    const pick = await orgadmin.post(LOCATION, { trainId, rowNumber: 1, columnNumber: 1 })
    expect(issuesOf(pick).trainSignUpMemberId).toBe('请单击表格中用户进行选择')
    expect(await plan(trainId)).toMatchObject({ revision: 0, seats: [] })
  })

  it('keeps seat pictures and the seating settings, only inside the caller’s scope', async () => {
    const { trainId } = await trainingWith(0)
    const form = new FormData()
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'seat.png')
    const upload = await fetch(`${server.url}/api/upload?kind=image`, { method: 'POST', headers: { Token: orgadmin.token }, body: form })
    const [{ path }] = ((await upload.json()) as { data: { path: string }[] }).data
    const picture = dataOf((await orgadmin.post<SeatPicture>('/api/train/location/picture', { imagePath: path, trainId })).body)
    expect(await orgadmin.data<SeatPicture[]>('/api/train/location/picture/all', { trainId })).toEqual([picture])
    expect(issuesOf(await orgadmin.post('/api/train/location/picture', { imagePath: '2026/11/00000000000000000000000000000001.png', trainId })).imagePath).toBe('文件不存在，请重新上传')

    const setting = dataOf((await orgadmin.patch<SeatInfo>('/api/train/seat', { id: trainId, useSeat: 1, isField: 1 })).body)
    expect(setting).toMatchObject({ useSeat: 1, isField: 1, revision: 1 })
    expect(dataOf((await orgadmin.patch<SeatInfo>('/api/train/seat', { id: trainId, pdfUrl: null })).body).pdfUrl).toBeNull()

    // Another tree's training looks absent: pictures, plans and saves alike.
    const foreign = await trainingWith(0, admin)
    expect(failureOf(await orgadmin.get(`${LOCATION}/plan`, { trainId: foreign.trainId })).status).toBe(404)
    expect(failureOf(await orgadmin.post(`${LOCATION}/save`, { trainId: foreign.trainId, rowNumber: 1, columnNumber: 1, trainMemberLocations: [] })).status).toBe(404)
    const foreignPicture = dataOf((await admin.post<SeatPicture>('/api/train/location/picture', { imagePath: path, trainId: foreign.trainId })).body)
    expect(failureOf(await orgadmin.del(`/api/train/location/picture/${foreignPicture.id}`)).status).toBe(404)

    expect((await orgadmin.del(`/api/train/location/picture/${picture.id}`)).status).toBe(200)
    expect(await orgadmin.data<SeatPicture[]>('/api/train/location/picture/all', { trainId })).toEqual([])
  })
})
