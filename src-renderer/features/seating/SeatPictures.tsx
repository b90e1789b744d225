import { useCallback, useEffect, useState } from 'react'
import { Button, Image, makeStyles, Spinner, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import type { SeatPicture } from '../../../src-shared/schemas/seating'
import { call } from '../../lib/bridge'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { EmptyState } from '../../components/EmptyState'
import { toastMessages, useNotify } from '../../components/toast'
import { useStoredFile } from '../../components/FileUpload'
import { useFilePicker } from '../../components/upload/useFilePicker'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  // A <figure> comes with the browser's 40px side margins: the pictures line up with the add button instead.
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, alignItems: 'flex-start', margin: 0 },
  picture: { maxWidth: '420px', maxHeight: '320px', border: `1px solid ${tokens.colorNeutralStroke2}` },
})

function PictureItem({ picture, index, onDelete }: { picture: SeatPicture; index: number; onDelete(p: SeatPicture): void }) {
  const styles = useStyles()
  const url = useStoredFile(picture.imagePath)
  return (
    <figure className={styles.item}>
      {url ? <Image className={styles.picture} src={url} alt={`座位图${index + 1}`} /> : <Spinner size="small" />}
      <Button icon={<DeleteRegular />} onClick={() => onDelete(picture)}>
        删除座位图{index + 1}
      </Button>
    </figure>
  )
}

/** Image arrangement (useSeat 1): seat pictures added (jpg/jpeg/png ≤ 1 MB) and deleted. */
export function SeatPictures({ trainId }: { trainId: number }) {
  const styles = useStyles()
  const notify = useNotify()
  const confirmedDelete = useConfirmedDelete()
  const picker = useFilePicker('image')
  const [pictures, setPictures] = useState<SeatPicture[] | null>(null)

  const load = useCallback(() => {
    call('seatPicture.all', { trainId }).then(setPictures, notify.error)
  }, [trainId, notify])
  useEffect(load, [load])

  const add = async () => {
    try {
      const file = await picker.pick()
      if (!file) return
      await call('seatPicture.create', { trainId, imagePath: file.path })
      notify.success(toastMessages.uploaded)
      load()
    } catch (error) {
      notify.warning(error instanceof Error ? error.message : '上传失败')
    }
  }

  const remove = (picture: SeatPicture) =>
    confirmedDelete('确认删除此座位图吗?', () => call('seatPicture.delete', { id: picture.id }), load, { table: 'train_location_picture', ids: [picture.id] })

  return (
    <section className={styles.root} aria-label="图片编排">
      <div>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => void add()}>
          添加座位图
        </Button>
        {picker.input}
      </div>
      {pictures === null ? (
        <Spinner label="加载中..." />
      ) : pictures.length === 0 ? (
        <EmptyState />
      ) : (
        <div className={styles.list}>
          {pictures.map((p, i) => (
            <PictureItem key={p.id} picture={p} index={i} onDelete={(x) => void remove(x)} />
          ))}
        </div>
      )}
    </section>
  )
}
