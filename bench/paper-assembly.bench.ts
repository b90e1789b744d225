import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../src-server/db/connect'
import { nowText } from '../src-server/db/time'
import { login, TEST_CAPTCHA_CODE } from '../tests/support/login'
import { benchDatabases } from './databases'
import { startBenchServer } from './harness'

/**
 * Automatic assembly of a 100-question paper (`POST /api/paper`, choiceType 2: the
 * feasibility counts, the draw, and the copy of 100 questions into the paper) from a
 * bank of 100 000 reviewed exam questions in 20 categories, on each dialect. Target:
 * under 200 ms per paper.
 */
const BANK = 100_000
const CATEGORIES = 20
const PAPERS = 30
const TARGET_MS = 200
const INSERT_CHUNK = 1000

async function seedBank(url: string): Promise<number[]> {
  const { db } = openDatabase(url)
  try {
    const now = nowText()
    const categoryIds: number[] = []
    for (let c = 0; c < CATEGORIES; c++) {
      const { id } = await db.insertInto('questionCategory').values({ name: `类别${c + 1}`, useType: 2, createdBy: null, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
      categoryIds.push(id)
    }
    const stem = JSON.stringify({ A: '选项一', B: '选项二', C: '选项三', D: '选项四' })
    for (let start = 0; start < BANK; start += INSERT_CHUNK) {
      const rows = Array.from({ length: INSERT_CHUNK }, (_, k) => {
        const i = start + k
        const type = (i % 5) + 1
        return {
          useType: 2,
          categoryId: categoryIds[i % CATEGORIES],
          type,
          title: `基准题目 ${i}`,
          stem: type <= 2 ? stem : null,
          answer: type === 1 ? 'A' : type === 2 ? 'A,C' : type === 3 ? 'true' : '参考答案',
          analysis: null,
          imagePath: null,
          // One in ten is not reviewed and must never be drawn.
          status: i % 10 === 9 ? 0 : 1,
          createdBy: null,
          createName: 'bench',
          createdAt: now,
          updatedAt: now,
        }
      })
      await db.insertInto('question').values(rows).execute()
    }
    return categoryIds
  } finally {
    await db.destroy()
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]

async function main(): Promise<void> {
  const uploads = await mkdtemp(join(tmpdir(), 'bench-uploads-'))
  let slow = false
  for (const database of await benchDatabases()) {
    const server = await startBenchServer('platform', { DATABASE_URL: database.url, UPLOAD_DIR: uploads, CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE, SEED_DEMO: '1' })
    try {
      const seeding = performance.now()
      const categoryIds = await seedBank(database.url)
      console.log(`${database.name}: bank of ${BANK} questions written in ${((performance.now() - seeding) / 1000).toFixed(1)} s`)
      const token = await login(server.url, 'admin', 'Admin@123')
      const body = {
        title: '基准试卷',
        content: '自动组卷 100 题',
        choiceType: 2,
        questionList: [
          { questionType: 1, questionCount: 40, questionScore: 1 },
          { questionType: 2, questionCount: 30, questionScore: 1.5 },
          { questionType: 3, questionCount: 20, questionScore: 0.5 },
          { questionType: 5, questionCount: 10, questionScore: 2 },
        ],
        categoryList: [
          { categoryId: categoryIds[0], categoryCount: 25 },
          { categoryId: categoryIds[1], categoryCount: 25 },
        ],
      }
      const times: number[] = []
      for (let i = 0; i < PAPERS + 3; i++) {
        const started = performance.now()
        const response = await fetch(`${server.url}/api/paper`, { method: 'POST', headers: { Token: token, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
        const answer = (await response.json()) as { code: number; message: string; data: { questionCount: number } }
        const elapsed = performance.now() - started
        if (answer.code !== 0 || answer.data.questionCount !== 100) throw new Error(`assembly failed: ${answer.message}`)
        // The first three warm the caches and the prepared statements.
        if (i >= 3) times.push(elapsed)
      }
      times.sort((a, b) => a - b)
      const p50 = percentile(times, 50)
      const p95 = percentile(times, 95)
      slow ||= p95 >= TARGET_MS
      console.log(`${database.name}: 100-question paper from ${BANK}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (${PAPERS} papers; target < ${TARGET_MS} ms)`)
    } finally {
      await server.stop()
      await database.dispose()
    }
  }
  await rm(uploads, { recursive: true, force: true })
  if (slow) process.exitCode = 1
}

void main()
