import { Badge, Button } from '@fluentui/react-components'
import { OpenRegular } from '@fluentui/react-icons'
import { homeResource } from '../../../src-shared/schemas/content'
import { call } from '../../lib/bridge'
import { TextField } from '../../components/FormFields'
import { useNotify } from '../../components/toast'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { minutesOf } from '../../../src-shared/date-text'

/** 首页管理 (spec 001 §2): search by name, add, edit, delete; 开启 (one open at a time) is disabled once open. */
export default function HomeScreen() {
  const notify = useNotify()
  return (
    <CrudScreen
      resource={homeResource}
      label="首页列表"
      columns={[
        { key: 'name', title: '名称', render: (row) => row.name },
        {
          key: 'status',
          title: '状态',
          width: '110px',
          render: (row) => (row.status === 1 ? <Badge color="success">已开启</Badge> : <Badge appearance="outline">未开启</Badge>),
        },
        { key: 'createTime', title: '创建时间', width: '180px', render: (row) => minutesOf(row.createTime) },
      ]}
      blank={{ name: '' }}
      fields={({ control }) => <TextField control={control} name="name" label="名称" required maxLength={50} autoFocus />}
      actionsWidth="240px"
      rowActions={(row, reload) => (
        <Button
          size="small"
          appearance="subtle"
          icon={<OpenRegular />}
          disabled={row.status === 1}
          onClick={() =>
            void call('home.enable', { id: row.id }).then(() => {
              notify.success('已成功开启!')
              reload()
            }, notify.error)
          }
        >
          开启
        </Button>
      )}
    />
  )
}
