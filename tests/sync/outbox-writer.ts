import { randomUUID } from 'node:crypto'
import { openLocalDb } from '../../src-main/core/cache/local-store'
import { Outbox } from '../../src-main/core/sync/outbox'

/**
 * Child process of the outbox crash test: queues seat saves as fast as it can and
 * reports each key once its enqueue has returned (committed), until it is killed.
 * argv: database file, first train id.
 */
const [file, first] = process.argv.slice(2)
const outbox = new Outbox(openLocalDb(file))
for (let n = Number(first); ; n++) {
  const idempotencyKey = randomUUID()
  // A new training each time: every save is its own row (no replacement of an unsent one).
  outbox.enqueue({ trainId: n, rowNumber: 2, columnNumber: 2, idempotencyKey, baseRevision: 0, trainMemberLocations: [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: n }] })
  process.stdout.write(`${idempotencyKey}\n`)
}
