import { useRef, useState } from 'react'
import { Button } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular, TextBulletListSquareRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { CategoryCreateSchema, CATEGORY_NAME_MAX, type Category } from '../../../src-shared/schemas/question'
import { call } from '../../lib/bridge'
import { FormDialog } from '../../components/FormDialog'
import { TextField } from '../../components/FormFields'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { toastMessages, useNotify } from '../../components/toast'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { numbered } from '../../components/useResourcePage'
import { bankPaths, useUseType } from './useType'
import { minutesOf } from '../../../src-shared/date-text'

const columns: Column<Category & { index: number }>[] = [
  { key: 'index', title: '序号', width: '80px', render: (row) => row.index },
  { key: 'name', title: '类别名称', render: (row) => row.name },
  { key: 'questionCount', title: '题目数', width: '100px', render: (row) => row.questionCount },
  { key: 'createTime', title: '创建时间', width: '180px', render: (row) => minutesOf(row.createTime) },
]

const NameSchema = CategoryCreateSchema.pick({ name: true })

/** 题库类别 / 问卷类别 (spec 001 §2): search by name, add, edit, delete, view the questions. */
export default function CategoryPage() {
  const useType = useUseType()
  const navigate = useNavigate()
  const notify = useNotify()
  const table = useRef<ResourceTableHandle>(null)
  const confirmedDelete = useConfirmedDelete()
  const [dialog, setDialog] = useState<{ category: Category | null } | null>(null)

  const remove = (category: Category) =>
    confirmedDelete('确定要删除当前类别吗?', () => call('questionCategory.delete', { id: category.id }), () => table.current?.reload(), {
      table: 'question_category',
      ids: [category.id],
    })

  return (
    <>
      <ResourceTable
        key={useType}
        ref={table}
        label="类别列表"
        columns={columns}
        rowKey={(row) => row.id}
        filters={[{ name: 'name', label: '类别名称' }]}
        load={async ({ pageNum, pageSize, filters }) =>
          numbered(await call('questionCategory.list', { pageNum, pageSize, useType, name: filters.name }), pageNum, pageSize)
        }
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ category: null })}>
            添加
          </Button>
        }
        actionsWidth="300px"
        rowActions={(row) => (
          <>
            <Button size="small" appearance="subtle" icon={<TextBulletListSquareRegular />} onClick={() => navigate(`${bankPaths[useType].bank}?categoryId=${row.id}`)}>
              查看题目
            </Button>
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setDialog({ category: row })}>
              编辑
            </Button>
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove(row)}>
              删除
            </Button>
          </>
        )}
      />
      <FormDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.category ? '编辑类别' : '添加类别'}
        schema={NameSchema}
        defaultValues={{ name: dialog?.category?.name ?? '' }}
        onSubmit={async ({ name }) => {
          const category = dialog?.category
          if (category) await call('questionCategory.update', { id: category.id, name })
          else await call('questionCategory.create', { name, useType })
          notify.success(category ? toastMessages.updated : toastMessages.added)
          table.current?.reload()
        }}
      >
        {({ control }) => <TextField control={control} name="name" label="类别名称" required maxLength={CATEGORY_NAME_MAX} />}
      </FormDialog>
    </>
  )
}
