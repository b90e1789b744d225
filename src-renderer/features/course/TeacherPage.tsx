import { useState } from 'react'
import { Button, Card, CardFooter, CardHeader, Image, makeStyles, Text, tokens } from '@fluentui/react-components'
import { InfoRegular } from '@fluentui/react-icons'
import { TEACHER_PAGE_SIZES, teacherResource, type TeacherRow } from '../../../src-shared/schemas/content'
import { useStoredFile } from '../../components/FileUpload'
import { ViewDialog } from '../../components/ViewDialog'
import { CrudScreen } from '../../components/crud/CrudScreen'

const useStyles = makeStyles({
  avatar: { width: '56px', height: '56px', borderRadius: '50%', objectFit: 'cover', backgroundColor: tokens.colorNeutralBackground3 },
  intro: { display: '-webkit-box', WebkitLineClamp: '3', WebkitBoxOrient: 'vertical', overflow: 'hidden', color: tokens.colorNeutralForeground2, minHeight: '60px' },
  footer: { flexWrap: 'wrap' },
  detail: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
})

function Avatar({ path, name }: { path: string; name: string }) {
  const styles = useStyles()
  const url = useStoredFile(path)
  return url ? <Image className={styles.avatar} src={url} alt={name} /> : <span className={styles.avatar} />
}

/** 教师管理 (spec 001 §2): card grid, name filter, page sizes 8/12/16, add, detail, edit, delete (确定要删除当前教师信息吗?). */
export default function TeacherPage() {
  const styles = useStyles()
  const [detail, setDetail] = useState<TeacherRow | null>(null)
  return (
    <>
      <CrudScreen
        resource={teacherResource}
        label="教师列表"
        deleteMessage="确定要删除当前教师信息吗?"
        pageSizes={TEACHER_PAGE_SIZES}
        card={(row, actions) => (
          <Card>
            <CardHeader image={<Avatar path={row.avatarUrl} name={row.name} />} header={<Text weight="semibold">{row.name}</Text>} />
            <Text className={styles.intro}>{row.content}</Text>
            <CardFooter className={styles.footer}>{actions}</CardFooter>
          </Card>
        )}
        rowActions={(row) => (
          <Button size="small" appearance="subtle" icon={<InfoRegular />} onClick={() => setDetail(row)}>
            详情
          </Button>
        )}
      />
      <ViewDialog open={detail !== null} title={`教师详情：${detail?.name ?? ''}`} onClose={() => setDetail(null)}>
        {detail && (
          <div className={styles.detail}>
            <Avatar path={detail.avatarUrl} name={detail.name} />
            <Text>{detail.content}</Text>
          </div>
        )}
      </ViewDialog>
    </>
  )
}
