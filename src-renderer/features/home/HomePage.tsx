import { useEffect, useState } from 'react'
import { Badge, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components'
import { permissionTree, type ModuleNode } from '../../../src-shared/permissions'
import type { AppInfo } from '../../../src-shared/ipc'
import type { UserInfo } from '../../../src-shared/schemas/auth'
import { useUser } from '../../app/session'
import { call } from '../../app/bridge'
import { describeServer } from '../auth/ServerModeNote'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalM,
    margin: 0,
    padding: `${tokens.spacingVerticalS} 0`,
  },
  fact: { display: 'contents' },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
  note: { color: tokens.colorNeutralForeground3 },
  modules: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalS} 0` },
})

/** The account's scope: a member-linked account manages its own top organisation; the super user the province. */
function scopeOf(user: UserInfo): string {
  if (!user.memberDto) return '全省'
  return user.memberDto.topOrgName ?? user.memberDto.orgName ?? '未关联组织'
}

function grantedModules(permissions: readonly string[]): string[] {
  const granted = new Set(permissions)
  return (permissionTree as readonly ModuleNode[])
    .filter((module) => module.children.some((screen) => granted.has(screen.key)))
    .map((module) => module.title)
}

/** /index until the training dashboard lands: who is signed in, with what role, scope and server. */
export default function HomePage() {
  const styles = useStyles()
  const user = useUser()
  const [info, setInfo] = useState<AppInfo | null>(null)

  useEffect(() => {
    call('app.info').then(setInfo, () => setInfo(null))
  }, [])

  const facts: [string, string][] = [
    ['账号名称', user.name],
    ['角色', user.roleName ?? '无'],
    ['管理范围', scopeOf(user)],
    ['所属组织', user.memberDto?.orgName ?? '—'],
    ['服务器', info ? describeServer(info) : '—'],
    ['版本', info ? `${info.version}（${info.host === 'electron' ? '桌面应用' : '浏览器'}）` : '—'],
  ]

  return (
    <div className={styles.root}>
      <Text as="h2" size={700} weight="semibold">
        欢迎，{user.name}
      </Text>
      <Card>
        <CardHeader header={<Text weight="semibold">账号信息</Text>} />
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt className={styles.label}>{label}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <CardHeader
          header={<Text weight="semibold">角色授权的功能模块</Text>}
          description={<Text className={styles.note}>左侧导航列出其中本版本已提供的页面。</Text>}
        />
        <div className={styles.modules}>
          {grantedModules(user.permissions).map((title) => (
            <Badge key={title} appearance="tint" size="large">
              {title}
            </Badge>
          ))}
        </div>
      </Card>
    </div>
  )
}
