import { useState } from 'react'
import { Badge, Button } from '@fluentui/react-components'
import { CommentRegular, OpenRegular } from '@fluentui/react-icons'
import { courseResource, courseResourceResource, type CourseRow } from '../../../src-shared/schemas/course'
import { saveStoredFile } from '../../components/FileUpload'
import { useNotify } from '../../components/toast'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { CourseComments } from './CourseComments'

/** A course's resources (expanded row): add, edit, preview, delete. */
function CourseResources({ course }: { course: CourseRow }) {
  const notify = useNotify()
  return (
    <CrudScreen
      resource={courseResourceResource}
      label={`${course.name}的资源`}
      fixed={{ courseId: course.id }}
      actionsWidth="260px"
      rowActions={(row) => (
        <Button size="small" appearance="subtle" icon={<OpenRegular />} onClick={() => void saveStoredFile(row.resourcePath, row.name).catch(notify.error)}>
          预览
        </Button>
      )}
    />
  )
}

/** 课程管理 (spec 001 §2): name search, add/edit, expandable resources, comments, delete. */
export default function CoursePage() {
  const [comments, setComments] = useState<CourseRow | null>(null)
  return (
    <>
      <CrudScreen
        resource={courseResource}
        label="课程列表"
        cells={{ status: { render: (row) => <Badge color={row.status === 1 ? 'success' : 'danger'}>{row.status === 1 ? '启用' : '停用'}</Badge> } }}
        actionsWidth="240px"
        expand={(row) => <CourseResources course={row} />}
        rowActions={(row) => (
          <Button size="small" appearance="subtle" icon={<CommentRegular />} onClick={() => setComments(row)}>
            评论
          </Button>
        )}
      />
      <CourseComments course={comments} onClose={() => setComments(null)} />
    </>
  )
}
