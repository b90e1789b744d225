import { Badge, Button } from '@fluentui/react-components'
import { OpenRegular } from '@fluentui/react-icons'
import { homeResource } from '../../../src-shared/schemas/content'
import { call } from '../../lib/bridge'
import { useNotify } from '../../components/toast'
import { CrudScreen } from '../../components/crud/CrudScreen'

/** 首页管理 (spec 001 §2): search by name, add, edit, delete; 开启 (one open at a time) is disabled once open. */
export default function HomeContentPage() {
  const notify = useNotify()
  return (
    <CrudScreen
      resource={homeResource}
      label="首页列表"
      cells={{ status: { render: (row) => (row.status === 1 ? <Badge color="success">已开启</Badge> : <Badge appearance="outline">未开启</Badge>) } }}
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
