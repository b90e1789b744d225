import type { TrainDetail } from '../../src-shared/schemas/training'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { dataOf } from '../support/envelope'
import { signUpMembers } from '../support/exam'
import { membersOfTopOrg, validTrainForm } from '../support/training'
import { signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

export interface ExamTraining {
  server: TestServer
  admin: ApiAs
  /** Members of one unit signed up to the training (with the member password, for the phone sign-in). */
  people: { id: number; name: string; telephone: string }[]
  trainId: number
}

/** What the exam tests start from: a server on the database, the demo administrator signed in, and a new training with `count` members signed up. */
export async function openExamTraining(databaseUrl: string, count: number): Promise<ExamTraining> {
  const server = await startTestServer(databaseUrl)
  const admin = await signInAs(server.url, demoAccounts.admin)
  const people = (await membersOfTopOrg(server.db, '省财政厅机关党委')).slice(0, count)
  const trainId = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
  await signUpMembers(server.db, trainId, people)
  return { server, admin, people, trainId }
}
