import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { Draft } from '../../../src-shared/ipc'
import { minutesOf } from '../../../src-shared/date-text'
import type { LocalDb } from './local-store'

/**
 * Drafts of long forms (issue 32): what a form holds as it is typed, per account and
 * form key, in the core's own SQLite file (WAL, normal sync: written as often as typed),
 * so a reload, a crash of the app or a closed window loses nothing. The renderer offers a draft back (恢复草稿 / 放弃)
 * and drops it once the form is saved. A draft belongs to the account that typed it:
 * another account signed in on the same computer never sees it.
 */
export function createDrafts(db: LocalDb, account: () => string) {
  const getStmt = db.prepare<[string, string], { data: string; at: number }>('SELECT data, at FROM draft WHERE account = ? AND key = ?')
  const putStmt = db.prepare<[string, string, string, number]>(
    'INSERT INTO draft (account, key, data, at) VALUES (?, ?, ?, ?) ON CONFLICT (account, key) DO UPDATE SET data = excluded.data, at = excluded.at',
  )
  const deleteStmt = db.prepare<[string, string]>('DELETE FROM draft WHERE account = ? AND key = ?')
  const signedIn = (): string => {
    const id = account()
    if (!id) throw new AppError(ErrorKey.VALIDATION, '请先登录')
    return id
  }
  return {
    'drafts.get': async ({ key }: { key: string }): Promise<Draft | null> => {
      const row = getStmt.get(signedIn(), key)
      return row ? { data: row.data, savedAt: minutesOf(new Date(row.at)) } : null
    },
    'drafts.save': async ({ key, data }: { key: string; data: string }): Promise<null> => {
      putStmt.run(signedIn(), key, data, Date.now())
      return null
    },
    'drafts.discard': async ({ key }: { key: string }): Promise<null> => {
      deleteStmt.run(signedIn(), key)
      return null
    },
  }
}
