import { useEffect, useState } from 'react'
import { Badge, Button, Dropdown, Option } from '@fluentui/react-components'
import { CommentRegular, OpenRegular } from '@fluentui/react-icons'
import { teacherResource, type TeacherRow } from '../../../src-shared/schemas/content'
import { courseResource, courseResourceResource, resourceTypeLabels, type CourseRow } from '../../../src-shared/schemas/course'
import { FULL_ROW } from '../../components/FormDialog'
import { ChoiceField, FormField, TextField } from '../../components/FormFields'
import { FileUpload, saveStoredFile } from '../../components/FileUpload'
import { useNotify } from '../../components/toast'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { ImageField, RichTextField } from '../../components/crud/fields'
import { resourceCall } from '../../components/crud/resource-call'
import { CourseComments } from './CourseComments'
import { minutesOf } from '../../../src-shared/date-text'

const statusOptions = [
  { value: 1, label: '启用' },
  { value: -1, label: '停用' },
] as const
const typeOptions = [
  { value: 1, label: resourceTypeLabels[1] },
  { value: 2, label: resourceTypeLabels[2] },
] as const

/** The text of an HTML introduction, for a table cell. */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? ''

/** A course's resources (expanded row): add, edit, preview, delete. */
function CourseResources({ course }: { course: CourseRow }) {
  const notify = useNotify()
  return (
    <CrudScreen
      resource={courseResourceResource}
      label={`${course.name}的资源`}
      embedded
      fixed={{ courseId: course.id }}
      columns={[
        { key: 'name', title: '名称', render: (row) => row.name },
        { key: 'type', title: '类型', width: '80px', render: (row) => (row.type === 1 ? '视频' : '其他') },
        { key: 'sortOrder', title: '权重', width: '80px', render: (row) => row.sortOrder },
        { key: 'createTime', title: '创建时间', width: '170px', render: (row) => minutesOf(row.createTime) },
      ]}
      blank={{ name: '', sortOrder: '', type: undefined, resourcePath: null }}
      actionsWidth="260px"
      rowActions={(row) => (
        <Button size="small" appearance="subtle" icon={<OpenRegular />} onClick={() => void saveStoredFile(row.resourcePath, row.name).catch(notify.error)}>
          预览
        </Button>
      )}
      fields={({ control }) => (
        <>
          <TextField control={control} name="name" label="资源名称" required maxLength={100} autoFocus />
          <TextField control={control} name="sortOrder" label="权重" required />
          <ChoiceField control={control} name="type" label="资源类型" required options={typeOptions} appearance="radio" />
          <FormField control={control} name="resourcePath" label="资源文件" required hint="一个文件">
            {(field) => <FileUpload kind="courseware" value={field.value as string | null} onChange={(file) => field.onChange(file?.path ?? null)} label="上传资源文件" />}
          </FormField>
        </>
      )}
    />
  )
}

/** 课程管理 (spec 001 §2): name search, add/edit, expandable resources, comments, delete. */
export default function CourseScreen() {
  const notify = useNotify()
  const [teachers, setTeachers] = useState<TeacherRow[]>([])
  const [comments, setComments] = useState<CourseRow | null>(null)
  useEffect(() => {
    resourceCall(teacherResource).all().then(setTeachers, notify.error)
  }, [notify])

  return (
    <>
      <CrudScreen
        resource={courseResource}
        label="课程列表"
        columns={[
          { key: 'name', title: '课程名称', width: '150px', render: (row) => row.name },
          { key: 'content', title: '简介', render: (row) => textOf(row.content) },
          { key: 'teacherName', title: '主讲教师', width: '110px', render: (row) => row.teacherName ?? '' },
          { key: 'status', title: '状态', width: '80px', render: (row) => <Badge color={row.status === 1 ? 'success' : 'danger'}>{row.status === 1 ? '启用' : '停用'}</Badge> },
          { key: 'createTime', title: '创建时间', width: '170px', render: (row) => minutesOf(row.createTime) },
        ]}
        blank={{ name: '', teacherId: undefined, content: '', status: 1, imagePath: null, videoPath: null }}
        dialogLayout="wide"
        actionsWidth="240px"
        expand={(row) => <CourseResources course={row} />}
        rowActions={(row) => (
          <Button size="small" appearance="subtle" icon={<CommentRegular />} onClick={() => setComments(row)}>
            评论
          </Button>
        )}
        fields={({ control }) => (
          <>
            <TextField control={control} name="name" label="课程名称" required maxLength={100} autoFocus />
            <FormField control={control} name="teacherId" label="主讲教师" required>
              {(field) => (
                <Dropdown
                  placeholder="请选择主讲教师"
                  value={teachers.find((t) => t.id === field.value)?.name ?? ''}
                  selectedOptions={field.value ? [String(field.value)] : []}
                  onOptionSelect={(_, data) => field.onChange(Number(data.optionValue))}
                >
                  {teachers.map((t) => (
                    <Option key={t.id} value={String(t.id)}>
                      {t.name}
                    </Option>
                  ))}
                </Dropdown>
              )}
            </FormField>
            <ChoiceField control={control} name="status" label="状态" required options={statusOptions} appearance="radio" />
            <ImageField control={control} name="imagePath" label="课程图片" />
            <FormField control={control} name="videoPath" label="课程视频" className={FULL_ROW}>
              {(field) => <FileUpload kind="video" value={field.value as string | null} onChange={(file) => field.onChange(file?.path ?? null)} label="上传课程视频" />}
            </FormField>
            <RichTextField control={control} name="content" label="简介" required className={FULL_ROW} />
          </>
        )}
      />
      <CourseComments course={comments} onClose={() => setComments(null)} />
    </>
  )
}
