import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import type { ReceivedFile } from '../../files/receive'

export async function recordUploads(db: Db, files: ReceivedFile[], adminId: number): Promise<void> {
  const createdAt = nowText()
  await db
    .insertInto('upload')
    .values(files.map((f) => ({ path: f.path, originalName: f.name, size: f.size, mime: f.mime, createdBy: adminId, createdAt })))
    .execute()
}

export function findUpload(db: Db, path: string) {
  return db.selectFrom('upload').select(['path', 'originalName', 'mime', 'size', 'createdBy']).where('path', '=', path).executeTakeFirst()
}
